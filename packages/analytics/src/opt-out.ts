/*
 * Staff are kept out of the site's analytics (issue 12). Signing in to the
 * console marks the browser through the site's opt-out page, which sets this
 * flag in the site's localStorage; a marked browser sends nothing. No imports:
 * the opt-out page loads this module alone.
 */

/** The tracker's opt-out flag ('1' = excluded), in the site's localStorage. */
export const ANALYTICS_OPT_OUT_STORAGE_KEY = 'wordloom.analytics.opt-out';

interface BrowserLike {
  localStorage?: Storage;
  document?: Document;
}

function storageOf(win: BrowserLike): Storage | undefined {
  try {
    return win.localStorage;
  } catch {
    // Storage can be refused outright (privacy settings): then nothing is marked.
    return undefined;
  }
}

/** True when this browser is marked (whatever the page being shown). */
export function isBrowserMarked(win: BrowserLike = globalThis as BrowserLike): boolean {
  try {
    return storageOf(win)?.getItem(ANALYTICS_OPT_OUT_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

/** True when this browser is marked, or when the page itself asked not to be counted. */
export function isAnalyticsOptedOut(win: BrowserLike = globalThis as BrowserLike): boolean {
  return win.document?.documentElement?.dataset.analytics === 'off' || isBrowserMarked(win);
}

/** Marks (or unmarks) this browser; answers whether it is excluded afterwards. */
export function setAnalyticsOptOut(
  excluded: boolean,
  win: BrowserLike = globalThis as BrowserLike,
): boolean {
  try {
    const storage = storageOf(win);
    if (excluded) storage?.setItem(ANALYTICS_OPT_OUT_STORAGE_KEY, '1');
    else storage?.removeItem(ANALYTICS_OPT_OUT_STORAGE_KEY);
  } catch {
    // Full or refused storage: the answer below says what really happened.
  }
  return isBrowserMarked(win);
}

/** The page being shown is never counted (the opt-out page: loaded on every console sign-in). */
export function suppressPageAnalytics(doc: Document = document): void {
  doc.documentElement.dataset.analytics = 'off';
}
