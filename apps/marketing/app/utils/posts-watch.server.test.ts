// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createPostsWatcher } from './posts-watch.server';

function fakeApi() {
  const sent: (string | null)[] = [];
  let version = 'v1';
  let down = false;
  const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    const ifNoneMatch = new Headers(init?.headers).get('if-none-match');
    sent.push(ifNoneMatch);
    if (down) return new Response('unavailable', { status: 503 });
    const etag = `"e-${version}"`;
    if (ifNoneMatch === etag) return new Response(null, { status: 304, headers: { etag } });
    return Response.json({ version }, { headers: { etag } });
  }) as unknown as typeof globalThis.fetch;
  return {
    fetch,
    sent,
    publish: (next: string) => {
      version = next;
    },
    setDown: (value: boolean) => {
      down = value;
    },
  };
}

describe('the posts watcher (issue 23)', () => {
  it('runs onChange for the first version and each new one, never for a 304', async () => {
    const api = fakeApi();
    const onChange = vi.fn();
    const watcher = createPostsWatcher({
      url: 'http://api/api/posts-version',
      intervalMs: 1_000,
      onChange,
      fetch: api.fetch,
    });
    await watcher.poll();
    expect(onChange).toHaveBeenCalledTimes(1);
    await watcher.poll();
    await watcher.poll();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(api.sent).toEqual([null, '"e-v1"', '"e-v1"']);
    api.publish('v2');
    await watcher.poll();
    expect(onChange).toHaveBeenCalledTimes(2);
    await watcher.poll();
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('sees a change again when onChange failed on it', async () => {
    const api = fakeApi();
    const onChange = vi.fn().mockRejectedValueOnce(new Error('refetch failed'));
    const watcher = createPostsWatcher({
      url: 'http://api/api/posts-version',
      intervalMs: 1_000,
      onChange,
      fetch: api.fetch,
    });
    await expect(watcher.poll()).rejects.toThrow('refetch failed');
    await watcher.poll();
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('keeps polling through an outage, logs it once, and catches up after', async () => {
    vi.useFakeTimers();
    try {
      const api = fakeApi();
      const onChange = vi.fn();
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const told = vi.spyOn(console, 'info').mockImplementation(() => undefined);
      const watcher = createPostsWatcher({
        url: 'http://api/api/posts-version',
        intervalMs: 1_000,
        onChange,
        fetch: api.fetch,
      });
      watcher.start();
      await vi.advanceTimersByTimeAsync(0);
      expect(onChange).toHaveBeenCalledTimes(1);
      api.setDown(true);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(logged).toHaveBeenCalledTimes(1);
      api.publish('v2');
      api.setDown(false);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(onChange).toHaveBeenCalledTimes(2);
      expect(told).toHaveBeenCalledTimes(1);
      const polls = api.sent.length;
      watcher.stop();
      await vi.advanceTimersByTimeAsync(5_000);
      expect(api.sent.length).toBe(polls);
      logged.mockRestore();
      told.mockRestore();
    } finally {
      vi.useRealTimers();
    }
  });
});
