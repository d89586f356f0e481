import type { AnalyticsEventType } from '@repo/validation';
import * as React from 'react';
import type * as RuntimeModule from './runtime';
import type { EventData, Tracker } from './tracker';
import { recordFirstTouch } from './first-touch';

interface AnalyticsContextValue {
  track: (type: AnalyticsEventType, data?: EventData) => void;
}

// Outside the provider (and during server rendering) tracking does nothing.
const AnalyticsContext = React.createContext<AnalyticsContextValue>({ track: () => undefined });

export interface AnalyticsProviderProps {
  /** The current pathname (from the router); a change is a page view. */
  path: string;
  /** The home page also reports 90% scroll depth. */
  isHome?: boolean;
  endpoint?: string;
  children: React.ReactNode;
}

type Runtime = typeof RuntimeModule;

/** Runs `task` when the browser is next idle (within `timeout` ms); returns a cancel. */
function whenIdle(task: () => void, timeout = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 1);
  return () => clearTimeout(handle);
}

/**
 * One tracker per page load (one session id), started in the browser after
 * hydration; sends page_view on every navigation and watches clicks, forms,
 * scroll depth and feature visibility. Events tracked before the tracker has
 * loaded are kept and sent once it has.
 */
export function AnalyticsProvider({
  path,
  isHome = false,
  endpoint = '/api/analytics/events',
  children,
}: AnalyticsProviderProps) {
  const [runtime, setRuntime] = React.useState<{ module: Runtime; tracker: Tracker } | null>(null);
  const pathRef = React.useRef(path);
  pathRef.current = path;
  const early = React.useRef<[AnalyticsEventType, EventData | undefined][]>([]);

  React.useEffect(() => {
    // Where this visit came from, for a signup later in the session.
    recordFirstTouch();
    let stop: (() => void) | undefined;
    let cancelled = false;
    // Issue 32: the tracker is no part of hydration. Fetched, run and started (its
    // listeners and observers) when the browser is next idle, within 2 s; events
    // tracked meanwhile are kept (early) and page views are not lost.
    const cancelIdle = whenIdle(() => {
      void import('./runtime').then((module) => {
        if (cancelled) return;
        const started = module.startBrowserTracking(endpoint, () => pathRef.current);
        stop = started.stop;
        setRuntime({ module, tracker: started.tracker });
      });
    });
    return () => {
      cancelled = true;
      cancelIdle();
      stop?.();
    };
  }, [endpoint]);

  React.useEffect(() => {
    if (!runtime) return;
    const stopPage = runtime.module.trackPageView(runtime.tracker, path, isHome);
    for (const [type, data] of early.current.splice(0)) runtime.tracker.track(type, data);
    return stopPage;
  }, [runtime, path, isHome]);

  const trackerRef = React.useRef<Tracker | null>(null);
  trackerRef.current = runtime?.tracker ?? null;
  const value = React.useMemo<AnalyticsContextValue>(
    () => ({
      track: (type, data) => {
        if (trackerRef.current) trackerRef.current.track(type, data);
        else early.current.push([type, data]);
      },
    }),
    [],
  );
  return <AnalyticsContext.Provider value={value}>{children}</AnalyticsContext.Provider>;
}

/** `track(type, data)` for events the DOM listeners cannot see (the waitlist funnel). */
export function useAnalytics(): AnalyticsContextValue {
  return React.useContext(AnalyticsContext);
}
