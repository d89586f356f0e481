// @vitest-environment node
import type { ActionFunctionArgs } from '@remix-run/node';
import type * as ApiClient from '@repo/api-client';
import { apiRouteTable, routeEntries, siteRouteTable } from '@repo/api-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { action, loader } from '../app/routes/api.$';

// The site's part of the route table with one route more than the real one: the
// proxy forwards what the table holds, not a list of its own.
vi.mock('@repo/api-client', async (importOriginal) => {
  const original = await importOriginal<typeof ApiClient>();
  return {
    ...original,
    siteRouteTable: { ...original.siteRouteTable, added: 'PATCH /api/added/:id/things' },
  };
});

const upstream = vi.fn<typeof fetch>();
beforeEach(() => {
  upstream.mockReset();
  upstream.mockResolvedValue(Response.json({ ok: true }));
  vi.stubGlobal('fetch', upstream);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The proxy's answer to `method path` from a visitor at 203.0.113.9. */
async function proxied(method: string, path: string) {
  const request = new Request(`http://site.test${path}`, {
    method,
    ...(method === 'GET' || method === 'HEAD' ? {} : { body: '{}' }),
  });
  const args = { request, context: { clientIp: '203.0.113.9' }, params: {} };
  const handler = method === 'GET' || method === 'HEAD' ? loader : action;
  return handler(args as unknown as ActionFunctionArgs);
}

/** A path of the pattern, each parameter a segment that needs no encoding. */
const pathOf = (pattern: string) => pattern.replace(/:[^/]+/g, 'p-1');

describe('the /api proxy', () => {
  it('forwards every method of every route in the site table, HEAD with GET', async () => {
    const routes = routeEntries(siteRouteTable);
    expect(routes.map((route) => route.pattern)).toEqual(
      expect.arrayContaining([
        '/api/posts/:slug',
        '/api/email/unsubscribe',
        '/api/added/:id/things',
      ]),
    );
    for (const { methods, pattern } of routes) {
      for (const method of methods) {
        upstream.mockClear();
        const response = await proxied(method, `${pathOf(pattern)}?q=1`);
        expect(response.status, `${method} ${pattern}`).toBe(200);
        expect(upstream).toHaveBeenCalledOnce();
        const [url, init] = upstream.mock.calls[0]!;
        expect(String(url)).toMatch(new RegExp(`^https?://[^/]+${pathOf(pattern)}\\?q=1$`));
        expect(init?.method).toBe(method);
        expect(new Headers(init?.headers).get('x-forwarded-for')).toBe('203.0.113.9');
      }
    }
  });

  it('forwards a route added to the table, with its method only and one segment a parameter', async () => {
    expect((await proxied('PATCH', '/api/added/a%2Fb/things')).status).toBe(200);
    for (const [method, path] of [
      ['GET', '/api/added/1/things'],
      ['PATCH', '/api/added/things'],
      ['PATCH', '/api/added/1/2/things'],
      ['PATCH', '/api/added/1/things/more'],
    ] as const) {
      const response = await proxied(method, path);
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect(upstream).toHaveBeenCalledOnce();
  });

  it('forwards no route of the console, under any of its methods', async () => {
    const site = new Set(routeEntries(siteRouteTable).map((route) => route.pattern));
    const consoleRoutes = routeEntries(apiRouteTable).filter((route) => !site.has(route.pattern));
    expect(consoleRoutes.map((route) => route.pattern)).toEqual(
      expect.arrayContaining(['/api/admin/waitlist', '/api/login', '/api/analytics/dashboard']),
    );
    for (const { methods, pattern } of consoleRoutes) {
      for (const method of methods) {
        const response = await proxied(method, pathOf(pattern));
        expect(response.status, `${method} ${pattern}`).toBe(404);
        expect(await response.json()).toEqual({ message: 'Not found', type: 'not_found' });
      }
    }
    expect(upstream).not.toHaveBeenCalled();
  });

  it("passes a post image's bytes and caching headers through, and a revalidation's 304 (issue 23)", async () => {
    const bytes = new Uint8Array([
      0x52, 0x49, 0x46, 0x46, 0x00, 0xff, 0x80, 0x57, 0x45, 0x42, 0x50,
    ]);
    const file = '/api/post-images/3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b-640x480-640.webp';
    upstream.mockResolvedValueOnce(
      new Response(bytes, {
        headers: {
          'content-type': 'image/webp',
          'cache-control': 'public, max-age=31536000, immutable',
          etag: '"i-640"',
          'x-content-type-options': 'nosniff',
        },
      }),
    );
    const response = await proxied('GET', file);
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      etag: '"i-640"',
      'x-content-type-options': 'nosniff',
    });

    upstream.mockResolvedValueOnce(
      new Response(null, { status: 304, headers: { etag: '"i-640"' } }),
    );
    const request = new Request(`http://site.test${file}`, {
      headers: { 'if-none-match': '"i-640"' },
    });
    const revalidated = await loader({
      request,
      context: { clientIp: '203.0.113.9' },
      params: {},
    } as unknown as ActionFunctionArgs);
    expect(revalidated.status).toBe(304);
    expect(new Headers(upstream.mock.calls.at(-1)![1]?.headers).get('if-none-match')).toBe(
      '"i-640"',
    );
  });
});
