/** How many polls in a row may fail before the next failure is logged again. */
const LOG_EVERY_FAILURES = 60;

export interface PostsWatcherOptions {
  /** GET /api/posts-version on the API. */
  url: string;
  /** Milliseconds between two polls. */
  intervalMs: number;
  /** Told each time the version differs from the last one seen (the first one too). */
  onChange: () => Promise<void> | void;
  fetch?: typeof fetch;
}

/**
 * Issue 23: the site follows a publish, an edit or a slug change within seconds.
 * The API answers GET /api/posts-version from the snapshot it already keeps
 * (one validator over every published post and redirect); this asks it every
 * `intervalMs` with If-None-Match, so a quiet blog costs one 304 per interval
 * and no parsing, and a change runs `onChange`. Polling was chosen over a
 * push channel because the site's servers hold no database or Redis connection
 * (see docs/publishing.md). A poll that fails is retried at the next interval;
 * failures are logged once per outage, not once a second.
 */
export function createPostsWatcher({
  url,
  intervalMs,
  onChange,
  fetch: fetchImpl = fetch,
}: PostsWatcherOptions) {
  let etag: string | null = null;
  let version: string | undefined;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;

  async function poll(): Promise<void> {
    const response = await fetchImpl(url, {
      headers: { accept: 'application/json', ...(etag ? { 'if-none-match': etag } : {}) },
      signal: AbortSignal.timeout(Math.max(intervalMs * 5, 5_000)),
    });
    if (response.status === 304) return;
    if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
    const body = (await response.json()) as { version?: unknown };
    if (typeof body.version !== 'string') throw new Error('The answer has no version');
    const changed = body.version !== version;
    // Taken only once onChange ran: a change it could not act on is seen again.
    if (changed) await onChange();
    version = body.version;
    etag = response.headers.get('etag');
  }

  async function tick(): Promise<void> {
    try {
      await poll();
      if (failures > 0)
        console.info(`Following the blog's changes again after ${failures} failed polls`);
      failures = 0;
    } catch (error) {
      if (failures % LOG_EVERY_FAILURES === 0) {
        console.error(`Could not ask ${url} whether the blog changed; asking again`, error);
      }
      failures += 1;
    }
    if (running) {
      timer = setTimeout(() => void tick(), intervalMs);
      // The watcher never keeps the process alive on its own.
      timer.unref();
    }
  }

  return {
    /** Starts polling (once; later calls do nothing). */
    start(): void {
      if (running || intervalMs <= 0) return;
      running = true;
      void tick();
    },
    stop(): void {
      running = false;
      if (timer) clearTimeout(timer);
    },
    /** One poll now (tests). */
    poll,
  };
}
