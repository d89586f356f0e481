/**
 * The visit's first touch, kept for the browser session (sessionStorage): the
 * page the visitor landed on, the external site that sent them, and the landing
 * URL's utm_source / utm_medium / utm_campaign. A signup sends it along, so the
 * console can show signups by source. Nothing here leaves the browser by itself.
 */
export interface FirstTouch {
  landingPage: string;
  referrer?: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
}

const KEY = 'wordloom:first-touch';

const cap = (value: string | null | undefined, max: number) =>
  value ? value.trim().slice(0, max) || undefined : undefined;

/** What this page view would record: a pure function of the address and the referrer. */
export function describeFirstTouch(href: string, referrer: string): FirstTouch {
  const url = new URL(href);
  let external: string | undefined;
  try {
    // Only another site counts: moving between our own pages is not a source.
    external = referrer && new URL(referrer).origin !== url.origin ? referrer : undefined;
  } catch {
    external = undefined;
  }
  return {
    landingPage: cap(`${url.pathname}${url.search}`, 500) ?? '/',
    referrer: cap(external, 500),
    utmSource: cap(url.searchParams.get('utm_source'), 100),
    utmMedium: cap(url.searchParams.get('utm_medium'), 100),
    utmCampaign: cap(url.searchParams.get('utm_campaign'), 100),
  };
}

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined; // storage blocked (privacy settings)
  }
}

/** Records the first page of the session; later calls keep the first one. */
export function recordFirstTouch(
  href = window.location.href,
  referrer = document.referrer,
  store = storage(),
): FirstTouch {
  const existing = readFirstTouch(store);
  if (existing) return existing;
  const touch = describeFirstTouch(href, referrer);
  try {
    store?.setItem(KEY, JSON.stringify(touch));
  } catch {
    // full or blocked: the signup simply goes without a source
  }
  return touch;
}

export function readFirstTouch(store = storage()): FirstTouch | undefined {
  try {
    const raw = store?.getItem(KEY);
    if (!raw) return undefined;
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' && 'landingPage' in parsed
      ? (parsed as FirstTouch)
      : undefined;
  } catch {
    return undefined;
  }
}
