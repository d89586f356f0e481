import { ANALYTICS_STARTED_MARK, HOME_EXTRA_SCROLL_DEPTH } from '@repo/validation';
import {
  installInteractionTracking,
  isTrackingAllowed,
  observeFeatureEngagement,
  trackScrollDepth,
} from './browser';
import { isAnalyticsOptedOut } from './opt-out';
import { createTracker, type Tracker } from './tracker';

/**
 * Everything the provider needs in the browser, in one module it loads after
 * hydration: the tracker depends on @repo/validation (and so on zod), which a
 * page without a form should not have to download before it is interactive.
 */
export function startBrowserTracking(endpoint: string, getPath: () => string) {
  // Issue 12: a browser marked as staff's sends nothing, also when marked after this
  // page loaded (the console signs in in another tab): checked again before each send.
  const optedOut = () => isAnalyticsOptedOut(window);
  const tracker = createTracker({
    endpoint,
    enabled: isTrackingAllowed(navigator, window as { doNotTrack?: string | null }) && !optedOut(),
    fetch: (...args) =>
      optedOut() ? Promise.resolve(new Response(null, { status: 204 })) : fetch(...args),
    sendBeacon: navigator.sendBeacon
      ? (url, data) => optedOut() || navigator.sendBeacon(url, data)
      : undefined,
    getPath,
    referrer: document.referrer,
    userAgent: navigator.userAgent,
  });
  const uninstall = installInteractionTracking(tracker);
  return {
    tracker,
    stop() {
      uninstall();
      tracker.flushWithBeacon();
    },
  };
}

/** page_view plus the per-page watchers; returns their uninstaller. */
export function trackPageView(tracker: Tracker, path: string, isHome: boolean): () => void {
  tracker.track('page_view', { title: document.title.slice(0, 200) }, path);
  const stopScroll = trackScrollDepth(tracker, isHome ? [HOME_EXTRA_SCROLL_DEPTH] : []);
  const stopFeatures = observeFeatureEngagement(tracker);
  // For traces and end-to-end tests: from here on, this page's visit is counted.
  performance.mark(ANALYTICS_STARTED_MARK);
  return () => {
    stopScroll();
    stopFeatures();
  };
}
