/**
 * A value read at most once per `maxAgeMs`: a value older than that is reloaded
 * by the next caller that needs it, and callers arriving meanwhile share that
 * one load. A failed load is not kept: the next caller tries again.
 */
export function createSnapshot<T>(load: () => Promise<T>, { maxAgeMs }: { maxAgeMs: number }) {
  let snapshot: { value: T; loadedAt: number } | undefined;
  let loading: Promise<T> | undefined;
  return {
    async get(): Promise<T> {
      if (snapshot && Date.now() - snapshot.loadedAt < maxAgeMs) return snapshot.value;
      loading ??= load()
        .then((value) => {
          snapshot = { value, loadedAt: Date.now() };
          return value;
        })
        .finally(() => {
          loading = undefined;
        });
      return loading;
    },
    /** Forgets the value: the next caller loads it again. */
    invalidate() {
      snapshot = undefined;
    },
  };
}
