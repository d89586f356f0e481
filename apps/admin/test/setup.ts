import '@testing-library/jest-dom/vitest';
import { dismissToast, useToast } from '@repo/ui';
import { cleanup, configure, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// findBy* and waitFor give up after 1 s by default: too short on a machine busy with
// other work (a lazy page's import alone can take longer there). Wait for states, longer.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks a few browser APIs the Radix primitives call.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub;
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => undefined;
Element.prototype.scrollIntoView ??= () => undefined;

// Console errors fail a test (house style): React warnings are bugs too.
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  cleanup();
  // The toast store is module-level: close what one test opened before the next one starts.
  const { result, unmount } = renderHook(() => useToast());
  for (const item of result.current.toasts) dismissToast(item.id);
  unmount();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  if (consoleErrors.length > 0) {
    throw new Error(
      `console.error was called:\n${consoleErrors.map((args) => args.map(String).join(' ')).join('\n')}`,
    );
  }
});
