import * as React from 'react';
import {
  installInteractionTracking,
  isTrackingAllowed,
  observeFeatureEngagement,
  trackScrollDepth,
} from './browser';
import { createTracker, type EventData, type Tracker } from './tracker';
import type { AnalyticsEventType } from '@repo/validation';

interface AnalyticsContextValue {
  track: (type: AnalyticsEventType, data?: EventData) => void;
}

// Outside the provider (and during server rendering) tracking does nothing.
const AnalyticsContext = React.createContext<AnalyticsContextValue>({ track: () => undefined });

export interface AnalyticsProviderProps {
  /** The current pathname (from the router); a change is a page view. */
  path: string;
  /** Extra scroll-depth thresholds for this path (the home page adds 90). */
  extraScrollDepths?: readonly number[];
  endpoint?: string;
  children: React.ReactNode;
}

/**
 * One tracker per page load (one session id), created in the browser only;
 * sends page_view on every navigation and watches clicks, forms, scroll depth
 * and feature visibility.
 */
export function AnalyticsProvider({
  path,
  extraScrollDepths = [],
  endpoint = '/api/analytics/events',
  children,
}: AnalyticsProviderProps) {
  const trackerRef = React.useRef<Tracker | null>(null);
  const pathRef = React.useRef(path);
  pathRef.current = path;

  React.useEffect(() => {
    const tracker = createTracker({
      endpoint,
      enabled: isTrackingAllowed(navigator, window as { doNotTrack?: string | null }),
      sendBeacon: navigator.sendBeacon ? (url, data) => navigator.sendBeacon(url, data) : undefined,
      getPath: () => pathRef.current,
      referrer: document.referrer,
      userAgent: navigator.userAgent,
    });
    trackerRef.current = tracker;
    const uninstall = installInteractionTracking(tracker);
    return () => {
      uninstall();
      tracker.flushWithBeacon();
      trackerRef.current = null;
    };
  }, [endpoint]);

  const extraKey = extraScrollDepths.join(',');
  React.useEffect(() => {
    const tracker = trackerRef.current;
    if (!tracker) return;
    tracker.track('page_view', { title: document.title.slice(0, 200) }, path);
    const stopScroll = trackScrollDepth(tracker, extraKey ? extraKey.split(',').map(Number) : []);
    const stopFeatures = observeFeatureEngagement(tracker);
    return () => {
      stopScroll();
      stopFeatures();
    };
  }, [path, extraKey]);

  const value = React.useMemo<AnalyticsContextValue>(
    () => ({ track: (type, data) => trackerRef.current?.track(type, data) }),
    [],
  );
  return <AnalyticsContext.Provider value={value}>{children}</AnalyticsContext.Provider>;
}

/** `track(type, data)` for events the DOM listeners cannot see (the waitlist funnel). */
export function useAnalytics(): AnalyticsContextValue {
  return React.useContext(AnalyticsContext);
}
