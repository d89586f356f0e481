import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

type Reply = { status?: number; body?: unknown; text?: string };
type Handler = (call: RecordedCall) => Reply | Promise<Reply>;

/**
 * Stubs fetch with a table of 'METHOD /path' handlers (the path without its
 * query string) and records every call, so a test can assert on what was sent.
 * Unknown routes answer 404 and fail loudly in the recorded calls.
 */
export function mockApi(routes: Record<string, Handler | Reply>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://admin.test');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, path: `${url.pathname}${url.search}`, body };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    if (!route) {
      return new Response(JSON.stringify({ message: `No mock for ${method} ${url.pathname}` }), {
        status: 404,
      });
    }
    const reply = typeof route === 'function' ? await route(call) : route;
    const status = reply.status ?? 200;
    const text = reply.text ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
    return new Response(status === 204 ? null : text, {
      status,
      headers: { 'content-type': reply.text ? 'text/plain' : 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const noSession = { status: 401, body: { message: 'Not authenticated' } };
export const adminUser = {
  body: { id: 'u1', username: 'admin', email: 'admin@wordloom.test', name: 'Ada Admin' },
};
