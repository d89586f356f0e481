// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createRevalidatingResource, NOT_FOUND } from './revalidating-fetch.server';

function fakeApi() {
  let clock = 0;
  const requests: (string | null)[] = [];
  let answer: () => Response = () => Response.json([1], { headers: { etag: '"v1"' } });
  const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    requests.push(new Headers(init?.headers).get('if-none-match'));
    return answer();
  }) as unknown as typeof globalThis.fetch;
  const resource = createRevalidatingResource<number[]>('http://api/api/posts', {
    freshMs: 1_000,
    staleMs: 10_000,
    fetch,
    now: () => clock,
  });
  return {
    resource,
    requests,
    answerWith: (next: () => Response) => {
      answer = next;
    },
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

/** Lets the background revalidation run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a revalidating API resource', () => {
  it('asks the API once while fresh', async () => {
    const api = fakeApi();
    expect(await api.resource.get()).toEqual([1]);
    api.advance(999);
    expect(await api.resource.get()).toEqual([1]);
    expect(api.requests).toEqual([null]);
  });

  it('when stale, answers from memory at once and revalidates with the ETag in the background', async () => {
    const api = fakeApi();
    await api.resource.get();
    api.advance(1_000);
    api.answerWith(() => new Response(null, { status: 304 }));
    expect(await api.resource.get()).toEqual([1]);
    await settle();
    expect(api.requests).toEqual([null, '"v1"']);
    // The 304 made the copy fresh again.
    expect(await api.resource.get()).toEqual([1]);
    expect(api.requests).toHaveLength(2);
  });

  it('takes a changed document on revalidation', async () => {
    const api = fakeApi();
    await api.resource.get();
    api.advance(1_000);
    api.answerWith(() => Response.json([1, 2], { headers: { etag: '"v2"' } }));
    await api.resource.get();
    await settle();
    expect(await api.resource.get()).toEqual([1, 2]);
    api.advance(1_000);
    await api.resource.get();
    await settle();
    expect(api.requests).toEqual([null, '"v1"', '"v2"']);
  });

  it('keeps the copy it has when the API fails, and waits for the API once the copy is too old', async () => {
    const api = fakeApi();
    await api.resource.get();
    api.advance(1_000);
    api.answerWith(() => new Response('down', { status: 503 }));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await api.resource.get()).toEqual([1]);
    await settle();
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
    api.advance(10_000);
    await expect(api.resource.get()).rejects.toThrow('503');
  });

  it('answers NOT_FOUND for a 404', async () => {
    const api = fakeApi();
    api.answerWith(() => Response.json({ message: 'Post not found' }, { status: 404 }));
    expect(await api.resource.get()).toBe(NOT_FOUND);
  });

  it('shares one request between callers who ask at the same time', async () => {
    const api = fakeApi();
    const answers = await Promise.all([api.resource.get(), api.resource.get(), api.resource.get()]);
    expect(answers).toEqual([[1], [1], [1]]);
    expect(api.requests).toHaveLength(1);
  });

  it('once invalidated, waits for the API on the next read even while fresh (issue 23)', async () => {
    const api = fakeApi();
    expect(await api.resource.get()).toEqual([1]);
    api.answerWith(() => Response.json([2], { headers: { etag: '"v2"' } }));
    api.resource.invalidate();
    // Still within freshMs: without invalidate this would be [1] from memory.
    expect(await api.resource.get()).toEqual([2]);
    expect(await api.resource.get()).toEqual([2]);
    expect(api.requests).toEqual([null, '"v1"']);
  });

  it('does not take a fetch begun before invalidate as the new document', async () => {
    const api = fakeApi();
    await api.resource.get();
    api.advance(1_000);
    let release: (response: Response) => void = () => undefined;
    api.answerWith(() => Response.json([1], { headers: { etag: '"v1"' } }));
    // A background revalidation starts and is still under way...
    const held = new Promise<Response>((resolve) => {
      release = resolve;
    });
    api.answerWith(() => held as unknown as Response);
    expect(await api.resource.get()).toEqual([1]);
    // ...when the document changes.
    api.resource.invalidate();
    api.answerWith(() => Response.json([3], { headers: { etag: '"v3"' } }));
    const next = api.resource.get();
    release(Response.json([1], { headers: { etag: '"v1"' } }));
    expect(await next).toEqual([3]);
    expect(await api.resource.get()).toEqual([3]);
  });

  it('serves the copy it has when invalidated while the API is down', async () => {
    const api = fakeApi();
    await api.resource.get();
    api.answerWith(() => new Response('down', { status: 503 }));
    api.resource.invalidate();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await api.resource.get()).toEqual([1]);
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});
