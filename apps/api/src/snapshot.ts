interface SnapshotOptions {
  maxAgeMs: number;
  /**
   * For this long past `maxAgeMs`, callers get the old value at once while one
   * reload runs behind them, instead of all waiting for it (0, the default: they
   * wait). A value older than `maxAgeMs + staleWhileRevalidateMs` is never served.
   */
  staleWhileRevalidateMs?: number;
}

/**
 * A value read at most once per `maxAgeMs`: a value older than that is reloaded
 * by the next caller that needs it, and callers arriving meanwhile share that
 * one load (or, within `staleWhileRevalidateMs`, get the old value). A failed
 * load is not kept: the next caller tries again.
 */
export function createSnapshot<T>(
  load: () => Promise<T>,
  { maxAgeMs, staleWhileRevalidateMs = 0 }: SnapshotOptions,
) {
  let snapshot: { value: T; loadedAt: number } | undefined;
  let loading: { promise: Promise<T>; generation: number } | undefined;
  /** Bumped by invalidate: a load begun before it is never kept, nor joined. */
  let generation = 0;

  function reload(): Promise<T> {
    if (loading?.generation === generation) return loading.promise;
    const started = generation;
    const promise = load()
      .then((value) => {
        if (started === generation) snapshot = { value, loadedAt: Date.now() };
        return value;
      })
      .finally(() => {
        if (loading?.promise === promise) loading = undefined;
      });
    loading = { promise, generation: started };
    return promise;
  }

  return {
    async get(): Promise<T> {
      const age = snapshot ? Date.now() - snapshot.loadedAt : Infinity;
      if (age < maxAgeMs) return snapshot!.value;
      if (age < maxAgeMs + staleWhileRevalidateMs) {
        // A failed background reload is not kept: a later caller starts another.
        reload().catch(() => undefined);
        return snapshot!.value;
      }
      return reload();
    },
    /** Drops the value: the next caller loads afresh (after a write this process made). */
    invalidate(): void {
      generation += 1;
      snapshot = undefined;
    },
  };
}
