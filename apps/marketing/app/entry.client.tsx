/**
 * Hydration waits for the first paint (issue 22). The server's HTML is complete and
 * styled, so the visitor sees it at once; hydrating first would hold that paint
 * behind the parse and run of the scripts and React's first render, the largest
 * delay of the pages' LCP on a slow phone. React takes over once the browser has
 * reported the first contentful paint.
 */
import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';

/**
 * React's recoverable errors are reported as by default (reportError), except one:
 * error 421 ("a Suspense boundary received an update before it finished hydrating").
 * React 18 reports it when the page re-renders (the waitlist overlay opening) while a
 * lazily hydrated section's code is still on its way; in every run traced, the FAQ
 * and the inline wizard still hydrated in place, keeping their server HTML (the same
 * elements: waitlist.e2e checks both). So a console warning for it, not an error.
 */
function onRecoverableError(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  if (/\b421\b|before it finished hydrating/.test(message)) console.warn(message);
  else if (typeof reportError === 'function') reportError(error);
  else console.error(error);
}

let hydrated = false;
function hydrate() {
  if (hydrated) return;
  hydrated = true;
  // For the end-to-end test that hydration follows the first paint.
  performance.mark('wordloom:hydrate');
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
      { onRecoverableError },
    );
  });
}

const FIRST_PAINT = 'first-contentful-paint';

function hydrateAfterFirstPaint() {
  if (performance.getEntriesByName(FIRST_PAINT).length > 0) return hydrate();
  try {
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName(FIRST_PAINT).length === 0) return;
      observer.disconnect();
      setTimeout(hydrate, 0);
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing: the task queued by a frame's callback runs after that frame.
    requestAnimationFrame(() => setTimeout(hydrate, 0));
  }
  // A tab opened in the background paints nothing until it is shown; should the
  // browser never report a paint, the page still comes alive.
  setTimeout(hydrate, 3000);
}

hydrateAfterFirstPaint();
