import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useRouteContext } from './helpers/use-context';

/**
 * Every route declares its contract where Fastify and the OpenAPI document can see
 * it (issue 10): at least per-status response schemas, and the params, query and
 * body it reads.
 */
const EXCEPTIONS: Record<string, string> = {
  // 'METHOD /api/path': 'why this route cannot declare its responses',
};

const { routes } = useRouteContext();

const nameOf = (route: RouteOptions) => `${[route.method].flat().join(',')} ${route.url}`;
const apiRoutes = () => routes.filter((route) => route.url.startsWith('/api/'));

describe('route schemas', () => {
  it('sees every route (so the sweep below cannot pass vacuously)', () => {
    const names = apiRoutes().map(nameOf);
    for (const expected of [
      'POST /api/waitlist',
      'GET /api/posts/:slug',
      'POST /api/login',
      'GET /api/admin/waitlist/export',
      'DELETE /api/admin/api-keys/:id',
      'GET /api/analytics/dashboard',
    ]) {
      expect(names).toContain(expected);
    }
    expect(names.length).toBeGreaterThanOrEqual(60);
    for (const name of Object.keys(EXCEPTIONS)) expect(names).toContain(name);
  });

  it('every route declares per-status response schemas', () => {
    const missing = apiRoutes()
      .filter((route) => !(nameOf(route) in EXCEPTIONS))
      .filter((route) => {
        const response = (route.schema as { response?: Record<string, unknown> } | undefined)
          ?.response;
        return !response || Object.keys(response).length === 0;
      })
      .map(nameOf);
    expect(missing).toEqual([]);
  });

  it('every route with path parameters declares them', () => {
    const missing = apiRoutes()
      .filter((route) => route.url.includes(':') && !route.schema?.params)
      .map(nameOf);
    expect(missing).toEqual([]);
  });
});
