import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSnapshot } from '../src/snapshot';

/** A load whose calls are counted and whose answers the test releases by hand. */
function controlledLoad() {
  const pending: { resolve: (value: number) => void; reject: (error: Error) => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<number>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
  );
  return { load, pending };
}

/** Lets promise callbacks queued so far run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A snapshot whose first load answered 1, `ageMs` ago. */
async function loadedSnapshot(options: Parameters<typeof createSnapshot>[1], ageMs: number) {
  const controlled = controlledLoad();
  const snapshot = createSnapshot(controlled.load, options);
  const first = snapshot.get();
  controlled.pending[0]!.resolve(1);
  await first;
  vi.advanceTimersByTime(ageMs);
  return { ...controlled, snapshot };
}

/** Asserts that `get()` waits for the reload, then answers what it loaded. */
async function expectWaitForReload(
  snapshot: { get: () => Promise<number> },
  pending: ReturnType<typeof controlledLoad>['pending'],
) {
  let answered: number | undefined;
  const second = snapshot.get().then((value) => (answered = value));
  await settle();
  expect(answered).toBeUndefined();
  pending[1]!.resolve(2);
  await second;
  expect(answered).toBe(2);
}

describe('createSnapshot', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads once for the callers that arrive together, then serves the value until it is maxAgeMs old', async () => {
    const { load, pending } = controlledLoad();
    const snapshot = createSnapshot(load, { maxAgeMs: 1_000 });
    const first = [snapshot.get(), snapshot.get(), snapshot.get()];
    pending[0]!.resolve(1);
    expect(await Promise.all(first)).toEqual([1, 1, 1]);
    vi.advanceTimersByTime(999);
    expect(await snapshot.get()).toBe(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('without stale-while-revalidate, a caller past maxAgeMs waits for the new value', async () => {
    const { snapshot, pending } = await loadedSnapshot({ maxAgeMs: 1_000 }, 1_000);
    await expectWaitForReload(snapshot, pending);
  });

  it('within the stale window, callers get the old value at once while one reload runs', async () => {
    const { snapshot, load, pending } = await loadedSnapshot(
      { maxAgeMs: 1_000, staleWhileRevalidateMs: 1_000 },
      1_500,
    );
    // The reload has not answered: nobody waits for it, and only one is started.
    expect(await Promise.all([snapshot.get(), snapshot.get()])).toEqual([1, 1]);
    expect(load).toHaveBeenCalledTimes(2);
    pending[1]!.resolve(2);
    await settle();
    expect(await snapshot.get()).toBe(2);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('never serves a value older than maxAgeMs + staleWhileRevalidateMs', async () => {
    const { snapshot, pending } = await loadedSnapshot(
      { maxAgeMs: 1_000, staleWhileRevalidateMs: 1_000 },
      2_000,
    );
    await expectWaitForReload(snapshot, pending);
  });

  it('a failed background reload keeps the old value and the next caller tries again', async () => {
    const { snapshot, load, pending } = await loadedSnapshot(
      { maxAgeMs: 1_000, staleWhileRevalidateMs: 1_000 },
      1_200,
    );
    expect(await snapshot.get()).toBe(1);
    pending[1]!.reject(new Error('database down'));
    await settle();
    expect(await snapshot.get()).toBe(1);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('a failed first load reaches its callers and is not kept', async () => {
    const { load, pending } = controlledLoad();
    const snapshot = createSnapshot(load, { maxAgeMs: 1_000, staleWhileRevalidateMs: 1_000 });
    const first = snapshot.get();
    pending[0]!.reject(new Error('database down'));
    await expect(first).rejects.toThrow('database down');
    const second = snapshot.get();
    pending[1]!.resolve(3);
    expect(await second).toBe(3);
  });
});
