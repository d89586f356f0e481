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

// jsdom has <dialog> but not its modal methods (FullScreenModal, issue 22): showModal and
// close set the attribute, and Escape asks the open modal's page to close it with the
// cancel event, as a browser does. Chromium's own behaviour is what the e2e suites test.
const dialogMethods =
  typeof HTMLDialogElement === 'undefined'
    ? undefined
    : (HTMLDialogElement.prototype as { showModal?: unknown });
if (dialogMethods && typeof dialogMethods.showModal !== 'function') {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.toggleAttribute('open', true);
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.toggleAttribute('open', false);
    // A task later, as a browser queues it.
    setTimeout(() => this.dispatchEvent(new Event('close')), 0);
  };
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    const dialog = [...document.querySelectorAll('dialog[open]')].at(-1);
    if (dialog?.dispatchEvent(new Event('cancel', { cancelable: true }))) {
      (dialog as HTMLDialogElement).close();
    }
  });
}
