/** What a revalidating resource answers when the API says 404. */
export const NOT_FOUND = Symbol('not found');

export interface RevalidatingResourceOptions {
  /** How long an answer is used without asking the API again. */
  freshMs: number;
  /** How long past that an answer is still served while a fresh one is fetched. */
  staleMs: number;
  /** The fetch to use (tests pass a fake). */
  fetch?: typeof fetch;
  /** Milliseconds now (tests move the clock). */
  now?: () => number;
}

interface Entry<T> {
  value: T | typeof NOT_FOUND;
  etag: string | null;
  fetchedAt: number;
}

/**
 * One JSON document of the API kept in this process (issue 13: rendering a page
 * does not cost an API round trip each time). Fresh for `freshMs`; after that the
 * copy is still served at once while one request in the background asks the API
 * again with If-None-Match, so an unchanged document costs a 304 and no parsing.
 * Past `freshMs + staleMs`, or when nothing is cached yet, the caller waits for
 * the API. A failed background refresh keeps the old copy (the API being down
 * does not take the blog down with it) and is logged.
 */
export function createRevalidatingResource<T>(url: string, options: RevalidatingResourceOptions) {
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  let entry: Entry<T> | undefined;
  let inFlight: { promise: Promise<Entry<T>>; generation: number } | undefined;
  /** Set by invalidate: the next get waits for the API instead of serving the copy. */
  let outdated = false;
  /** Bumped by invalidate: a fetch begun before it does not count as fresh. */
  let generation = 0;

  async function fetchEntry(): Promise<Entry<T>> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (entry?.etag) headers['if-none-match'] = entry.etag;
    const response = await fetchImpl(url, { headers });
    if (response.status === 304 && entry) {
      return { ...entry, fetchedAt: now() };
    }
    if (response.status === 404) {
      return { value: NOT_FOUND, etag: null, fetchedAt: now() };
    }
    if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
    return {
      value: (await response.json()) as T,
      etag: response.headers.get('etag'),
      fetchedAt: now(),
    };
  }

  function refresh(): Promise<Entry<T>> {
    // A fetch begun before the last invalidate may carry the old document: not joined.
    if (inFlight?.generation === generation) return inFlight.promise;
    const started = generation;
    const promise = fetchEntry()
      .then((fetched) => {
        if (started === generation) {
          entry = fetched;
          outdated = false;
        }
        return fetched;
      })
      .finally(() => {
        if (inFlight?.promise === promise) inFlight = undefined;
      });
    inFlight = { promise, generation: started };
    return promise;
  }

  return {
    async get(): Promise<T | typeof NOT_FOUND> {
      if (entry && outdated) {
        // Told the document changed: wait for the new one, but an API that cannot
        // answer just now still leaves the old copy to serve.
        try {
          return (await refresh()).value;
        } catch (error) {
          console.error(`Could not refetch ${url}; serving the copy kept`, error);
          return entry.value;
        }
      }
      const age = entry ? now() - entry.fetchedAt : Infinity;
      if (entry && age < options.freshMs) return entry.value;
      if (entry && age < options.freshMs + options.staleMs) {
        refresh().catch((error: unknown) =>
          console.error(`Could not revalidate ${url}; serving the copy kept`, error),
        );
        return entry.value;
      }
      return (await refresh()).value;
    },
    /**
     * The document changed (issue 23: a publish): the next get asks the API again
     * (with If-None-Match) and waits for it. A fetch under way when this is
     * called may carry the old document, so it does not end this state.
     */
    invalidate(): void {
      generation += 1;
      outdated = true;
    },
  };
}

export type RevalidatingResource<T> = ReturnType<typeof createRevalidatingResource<T>>;
