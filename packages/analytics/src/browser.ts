import { FEATURE_VISIBLE_RATIO, HONEYPOT_FIELD, SCROLL_DEPTH_THRESHOLDS } from '@repo/validation';
import { type Tracker, withoutSecrets } from './tracker';

interface PrivacySignals {
  doNotTrack?: string | null;
  globalPrivacyControl?: boolean;
}

/** False when the visitor turned on Do Not Track or Global Privacy Control. */
export function isTrackingAllowed(
  navigatorLike: PrivacySignals | undefined,
  windowLike?: { doNotTrack?: string | null },
): boolean {
  if (!navigatorLike) return false;
  const dnt = navigatorLike.doNotTrack ?? windowLike?.doNotTrack;
  if (dnt === '1' || dnt === 'yes') return false;
  return navigatorLike.globalPrivacyControl !== true;
}

const MAX_TEXT = 200;

function textOf(element: Element): string {
  const label = element.getAttribute('aria-label') ?? element.textContent ?? '';
  return label.replace(/\s+/g, ' ').trim().slice(0, MAX_TEXT);
}

/** Each field's name and whether it was filled: the values stay in the page (issue 8). */
function formFields(form: HTMLFormElement): Record<string, boolean> {
  const fields: Record<string, boolean> = {};
  for (const [key, value] of new FormData(form).entries()) {
    if (!key || key === HONEYPOT_FIELD) continue;
    const filled = typeof value === 'string' ? value.trim() !== '' : value.size > 0;
    fields[key] = fields[key] === true || filled;
  }
  return withoutSecrets(fields) as Record<string, boolean>;
}

/**
 * Clicks on buttons and links, form submissions, and a beacon flush when the page
 * is hidden (the last events of a visit are otherwise lost). Returns an uninstaller.
 */
export function installInteractionTracking(tracker: Tracker, win: Window = window): () => void {
  const doc = win.document;

  function onClick(event: MouseEvent) {
    const target = event.target instanceof Element ? event.target : null;
    const element = target?.closest('a[href], button, [role="button"]');
    if (!element) return;
    if (element instanceof HTMLAnchorElement) {
      const url = new URL(element.href, win.location.href);
      tracker.track('link_click', {
        href: element.getAttribute('href') ?? url.href,
        linkText: textOf(element),
        isExternal: url.origin !== win.location.origin,
      });
      return;
    }
    tracker.track('button_click', {
      buttonId: (element.getAttribute('data-analytics-id') ?? element.id) || undefined,
      buttonText: textOf(element),
    });
  }

  function onSubmit(event: SubmitEvent) {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    tracker.track('form_submit', {
      fields: formFields(form),
      formId: form.id || form.getAttribute('name') || form.getAttribute('aria-label') || 'form',
    });
  }

  function onHidden() {
    if (doc.visibilityState === 'hidden') tracker.flushWithBeacon();
  }
  const onPageHide = () => tracker.flushWithBeacon();

  doc.addEventListener('click', onClick, { capture: true });
  doc.addEventListener('submit', onSubmit, { capture: true });
  doc.addEventListener('visibilitychange', onHidden);
  win.addEventListener('pagehide', onPageHide);
  return () => {
    doc.removeEventListener('click', onClick, { capture: true });
    doc.removeEventListener('submit', onSubmit, { capture: true });
    doc.removeEventListener('visibilitychange', onHidden);
    win.removeEventListener('pagehide', onPageHide);
  };
}

/** The share of the page seen so far, in percent. */
export function scrollDepthPercent(win: Window = window): number {
  const doc = win.document.documentElement;
  const scrollable = doc.scrollHeight - win.innerHeight;
  if (scrollable <= 0) return 100;
  return Math.min(100, Math.round(((win.scrollY + win.innerHeight) / doc.scrollHeight) * 100));
}

/**
 * Reports each scroll-depth threshold once per page (25/50/75/100; pass the home
 * page's extra 90 in `extra`). Returns an uninstaller; install again per page view.
 */
export function trackScrollDepth(
  tracker: Tracker,
  extra: readonly number[] = [],
  win: Window = window,
): () => void {
  const thresholds = [...SCROLL_DEPTH_THRESHOLDS, ...extra].sort((a, b) => a - b);
  const reported = new Set<number>();
  let frame: number | undefined;

  function measure() {
    frame = undefined;
    const depth = scrollDepthPercent(win);
    for (const threshold of thresholds) {
      if (depth >= threshold && !reported.has(threshold)) {
        reported.add(threshold);
        tracker.track('scroll_depth', { depth: threshold });
      }
    }
  }
  function onScroll() {
    if (frame === undefined) frame = win.requestAnimationFrame(measure);
  }

  win.addEventListener('scroll', onScroll, { passive: true });
  return () => {
    win.removeEventListener('scroll', onScroll);
    if (frame !== undefined) win.cancelAnimationFrame(frame);
  };
}

/**
 * Sends feature_engagement {featureId, action: 'view'} the first time at least
 * half of an element marked data-feature-id is visible (spec section 9).
 */
export function observeFeatureEngagement(
  tracker: Tracker,
  root: ParentNode = document,
): () => void {
  if (typeof IntersectionObserver === 'undefined') return () => undefined;
  const seen = new Set<string>();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const featureId = (entry.target as HTMLElement).dataset.featureId;
        if (!featureId || seen.has(featureId)) continue;
        if (entry.isIntersecting && entry.intersectionRatio >= FEATURE_VISIBLE_RATIO) {
          seen.add(featureId);
          tracker.track('feature_engagement', { featureId, action: 'view' });
          observer.unobserve(entry.target);
        }
      }
    },
    { threshold: FEATURE_VISIBLE_RATIO },
  );
  for (const element of root.querySelectorAll('[data-feature-id]')) observer.observe(element);
  return () => observer.disconnect();
}
