import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from '../src';

function fakeFetch(status: number, body: string, statusText = '') {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fn = async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init });
    return new Response(status === 204 ? null : body, { status, statusText });
  };
  return { fn: fn as typeof fetch, calls };
}

describe('the API client', () => {
  it("raises '{status}: {response text}' with the parsed error body", async () => {
    const { fn } = fakeFetch(409, '{"type":"duplicate_email","message":"Already listed"}');
    const client = createApiClient({ fetch: fn });
    const error = await client.post('/api/waitlist', { email: 'a@b.co' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(
      '409: {"type":"duplicate_email","message":"Already listed"}',
    );
    expect((error as ApiError).body?.type).toBe('duplicate_email');
    expect((error as ApiError).serverMessage).toBe('Already listed');
  });

  it('falls back to the status text when the body is empty', async () => {
    const { fn } = fakeFetch(503, '', 'Service Unavailable');
    const error = await createApiClient({ fetch: fn })
      .get('/api/posts')
      .catch((e: unknown) => e);
    expect((error as ApiError).message).toBe('503: Service Unavailable');
  });

  it('sends credentials and a JSON body, and parses the JSON answer', async () => {
    const { fn, calls } = fakeFetch(201, '{"id":"1"}');
    const result = await createApiClient({ fetch: fn, baseUrl: 'http://api' }).post<{ id: string }>(
      '/api/contact',
      { a: 1 },
    );
    expect(result).toEqual({ id: '1' });
    expect(calls[0]!.url).toBe('http://api/api/contact');
    expect(calls[0]!.init?.credentials).toBe('include');
    expect(calls[0]!.init?.body).toBe('{"a":1}');
  });

  it('yields null for a 401 where configured, and raises other errors', async () => {
    expect(
      await createApiClient({ fetch: fakeFetch(401, '{"message":"no"}').fn }).getOrNullOn401(
        '/api/user',
      ),
    ).toBeNull();
    await expect(
      createApiClient({ fetch: fakeFetch(500, 'boom').fn }).getOrNullOn401('/api/user'),
    ).rejects.toThrow('500: boom');
  });
});
