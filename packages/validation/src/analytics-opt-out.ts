/*
 * Staff are kept out of the site's analytics (issue 12). Signing in to the
 * console loads this page of the public site in a hidden frame; the page sets
 * the tracker's opt-out flag in the site's own storage and tells the console
 * (window.postMessage, to the console's origin only) whether the browser is
 * excluded. The console can undo it the same way.
 */

/** The public site's page that marks (or unmarks) the browser. */
export const ANALYTICS_OPT_OUT_PATH = '/analytics-opt-out';

/** `?action=` of that page: mark, unmark, or only report the current state. */
export const ANALYTICS_OPT_OUT_ACTIONS = ['exclude', 'include', 'status'] as const;
export type AnalyticsOptOutAction = (typeof ANALYTICS_OPT_OUT_ACTIONS)[number];

/** The `type` of the page's message to the console: `{ type, excluded }`. */
export const ANALYTICS_OPT_OUT_MESSAGE = 'wordloom:analytics-opt-out';

export interface AnalyticsOptOutMessage {
  type: typeof ANALYTICS_OPT_OUT_MESSAGE;
  excluded: boolean;
}

export function isAnalyticsOptOutMessage(data: unknown): data is AnalyticsOptOutMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === ANALYTICS_OPT_OUT_MESSAGE &&
    typeof (data as { excluded?: unknown }).excluded === 'boolean'
  );
}
