import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy* and waitFor give up after 1 s by default: too short on a machine busy with
// other work (a lazy page's import alone can take longer there). Wait for states, longer.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());

// jsdom lacks the pointer-capture and scrolling APIs Radix Select calls (server-side
// tests run in the node environment, without a DOM).
if (typeof Element !== 'undefined') {
  Element.prototype.hasPointerCapture ??= vi.fn(() => false);
  Element.prototype.releasePointerCapture ??= vi.fn();
  Element.prototype.scrollIntoView ??= vi.fn();
  Element.prototype.scrollTo ??= vi.fn() as unknown as typeof Element.prototype.scrollTo;
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
