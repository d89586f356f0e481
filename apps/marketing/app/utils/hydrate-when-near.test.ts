import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Callback = (entries: { isIntersecting: boolean }[]) => void;

/** A stand-in IntersectionObserver (jsdom has none) that the test fires by hand. */
class FakeObserver {
  static last: FakeObserver | undefined;
  disconnected = false;
  constructor(
    readonly callback: Callback,
    readonly options: { rootMargin?: string },
  ) {
    FakeObserver.last = this;
  }
  observe() {}
  disconnect() {
    this.disconnected = true;
  }
}

/** Whether `promise` has settled once pending microtasks have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

async function freshModule() {
  vi.resetModules();
  return import('./hydrate-when-near');
}

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  document.body.innerHTML = '<section id="join"><input id="email"></section>';
});

afterEach(() => {
  vi.unstubAllGlobals();
  FakeObserver.last = undefined;
});

describe('whenNear', () => {
  it('waits while the section is away from the view, and resolves when it comes near', async () => {
    const { whenNear } = await freshModule();
    const near = whenNear('join');
    expect(await settled(near)).toBe(false);
    FakeObserver.last!.callback([{ isIntersecting: false }]);
    expect(await settled(near)).toBe(false);
    FakeObserver.last!.callback([{ isIntersecting: true }]);
    expect(await settled(near)).toBe(true);
    expect(FakeObserver.last!.disconnected).toBe(true);
    // Ahead of the view by a margin, so it is live when reached.
    expect(FakeObserver.last!.options.rootMargin).toMatch(/%/);
  });

  it('resolves when the visitor reaches into the section before it is near (keyboard focus)', async () => {
    const { whenNear } = await freshModule();
    const near = whenNear('join');
    expect(await settled(near)).toBe(false);
    document.getElementById('email')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(await settled(near)).toBe(true);
  });

  it('waits for nothing after a client navigation (there is no server HTML to show)', async () => {
    const { markClientNavigation, whenNear } = await freshModule();
    markClientNavigation();
    expect(await settled(whenNear('join'))).toBe(true);
    expect(FakeObserver.last).toBeUndefined();
  });

  it('waits for nothing when there is no such section', async () => {
    const { whenNear } = await freshModule();
    expect(await settled(whenNear('nowhere'))).toBe(true);
  });
});

describe('hydrateAllNow', () => {
  it('ends every wait not over yet', async () => {
    const { hydrateAllNow, whenNear } = await freshModule();
    document.body.innerHTML = '<section id="join"></section><section id="faq"></section>';
    const join = whenNear('join');
    const faq = whenNear('faq');
    expect(await settled(join)).toBe(false);
    hydrateAllNow();
    expect(await settled(join)).toBe(true);
    expect(await settled(faq)).toBe(true);
  });
});
