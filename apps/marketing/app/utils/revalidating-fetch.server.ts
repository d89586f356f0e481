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
  let inFlight: Promise<Entry<T>> | undefined;

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
    inFlight ??= fetchEntry()
      .then((fetched) => {
        entry = fetched;
        return fetched;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  }

  return {
    async get(): Promise<T | typeof NOT_FOUND> {
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
  };
}

export type RevalidatingResource<T> = ReturnType<typeof createRevalidatingResource<T>>;
