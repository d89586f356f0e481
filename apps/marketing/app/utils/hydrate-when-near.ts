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
 * once (there is no server HTML to show in the meantime).
 */

const REACHED = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;
/** Hydrated a little before it scrolls into view, (a screen's height ahead), so it is live when reached. */
const MARGIN = '100% 0px';

let pageHydrated = false;

/** Called once the page's own hydration has committed (root.tsx). */
export function markPageHydrated(): void {
  pageHydrated = true;
}

/** Resolves when the element of this id comes near the view or is reached into. */
export function whenNear(id: string): Promise<void> {
  if (pageHydrated || typeof document === 'undefined') return Promise.resolve();
  const element = document.getElementById(id);
  if (!element || typeof IntersectionObserver === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const near = () => {
      observer.disconnect();
      for (const type of REACHED) element.removeEventListener(type, near, true);
      resolve();
    };
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
