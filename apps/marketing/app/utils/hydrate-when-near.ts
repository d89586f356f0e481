/**
 * Hydration in pieces (issue 32). A section far down a page whose code is a chunk of
 * its own (the waitlist wizard with zod, the FAQ's accordion) keeps its server HTML
 * and is hydrated when the visitor comes near it: scrolled to within a screen's
 * margin of the view, or reached into (pointer, touch, keyboard focus). Until then
 * its code is neither fetched nor run, so it is no part of the page's load: the
 * server HTML is what shows, and its forms post without JavaScript as they do for a
 * visitor without it. React 18 leaves a server-rendered Suspense boundary dehydrated
 * while what it renders is suspended, and hydrates it in place when it resolves.
 *
 * Only the first page load waits: a section reached by a client navigation renders at
 * once (there is no server HTML to show in the meantime). React renders a dehydrated
 * boundary's content only after the rest of the page has hydrated, so "the page has
 * hydrated" cannot tell the two apart; the section's element can: on a client
 * navigation it is not in the document yet while the new page renders, and from the
 * first navigation on (root.tsx says so) nothing waits.
 */

const REACHED = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;
/** Hydrated a little before it scrolls into view, (a screen's height ahead), so it is live when reached. */
const MARGIN = '100% 0px';

let navigated = false;

/** Called once the visitor has moved to another page without a document load (root.tsx). */
export function markClientNavigation(): void {
  navigated = true;
}

/** The waits not over yet: hydrateAllNow() ends them. */
const waiting = new Set<() => void>();

/**
 * Ends every wait at once. For a page about to render more (/beta's overlay): React 18
 * holds back a transition while a boundary it reaches is still dehydrated, so the
 * overlay's wizard (shown in a transition) would wait for the inline one to be reached.
 */
export function hydrateAllNow(): void {
  for (const near of [...waiting]) near();
}

/** Resolves when the element of this id comes near the view or is reached into. */
export function whenNear(id: string): Promise<void> {
  if (navigated || typeof document === 'undefined') return Promise.resolve();
  const element = document.getElementById(id);
  if (!element || typeof IntersectionObserver === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const near = () => {
      waiting.delete(near);
      observer.disconnect();
      for (const type of REACHED) element.removeEventListener(type, near, true);
      resolve();
    };
    waiting.add(near);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) near();
      },
      { rootMargin: MARGIN },
    );
    observer.observe(element);
    for (const type of REACHED) element.addEventListener(type, near, true);
  });
}
