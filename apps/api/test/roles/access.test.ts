import { API_KEY_PERMISSIONS } from '@repo/validation';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_MESSAGE } from '../../src/plugins/app/admin-auth';
import { seedWaitlist, signInAdmin } from '../helpers/admin';
import { createTestContext, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
const routes: { method: HTTPMethods; url: string }[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ ADMIN_ALLOWED_ORIGINS: 'https://ops.example.com' }, undefined, {
    onRoute: (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) routes.push({ method, url: route.url });
    },
  });
});
afterAll(() => ctx.close());

const SOME_ID = '00000000-0000-4000-8000-000000000000';
const isAdminRoute = (url: string) =>
  url.startsWith('/api/admin/') || url === '/api/analytics/dashboard';
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, SOME_ID);
const adminRoutes = () => routes.filter((route) => isAdminRoute(route.url));
const stateChanging = () =>
  adminRoutes().filter((route) => !['GET', 'HEAD', 'OPTIONS'].includes(route.method));

describe('every admin route', () => {
  it('is found by the sweep (so the sweep cannot pass vacuously)', () => {
    const listed = adminRoutes().map((route) => `${route.method} ${route.url}`);
    for (const expected of [
      'GET /api/admin/waitlist',
      'GET /api/admin/waitlist/export',
      'POST /api/admin/beta/approve/:id',
      'PATCH /api/admin/beta/participants/:id',
      'PATCH /api/admin/contacts/:id',
      'DELETE /api/admin/api-keys/:id',
      'POST /api/admin/email/bulk-send',
      'GET /api/admin/email/templates/:id/preview',
      'GET /api/analytics/dashboard',
    ]) {
      expect(listed).toContain(expected);
    }
    expect(listed.length).toBeGreaterThanOrEqual(20);
  });

  it('answers 401 to an anonymous request', async () => {
    const failures: string[] = [];
    for (const route of adminRoutes()) {
      const response = await ctx.app.inject({
        method: route.method,
        url: concrete(route.url),
        payload: route.method === 'GET' || route.method === 'HEAD' ? undefined : {},
      });
      const bodyOk = route.method === 'HEAD' || response.json().type === 'unauthorized';
      if (response.statusCode !== 401 || !bodyOk) {
        failures.push(`${route.method} ${route.url} -> ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 401 to a malformed or unknown API key', async () => {
    const forged = `wl_live_${'a'.repeat(16)}_${'b'.repeat(43)}`;
    for (const authorization of ['Bearer nope', 'Basic abc', `Bearer ${forged}`, 'Bearer', '']) {
      for (const route of adminRoutes().filter((r) => r.method === 'GET')) {
        const response = await ctx.app.inject({
          method: 'GET',
          url: concrete(route.url),
          headers: { authorization },
        });
        expect(response.statusCode, `${authorization} on ${route.url}`).toBe(401);
      }
    }
  });

  it('refuses a state-changing session request without an allowed Origin (CSRF), before doing anything', async () => {
    const { headers } = await signInAdmin(ctx);
    const routesToCheck = stateChanging();
    expect(routesToCheck.length).toBeGreaterThanOrEqual(8);
    for (const route of routesToCheck) {
      for (const origin of [undefined, 'https://evil.example', 'null']) {
        const response = await ctx.app.inject({
          method: route.method,
          url: concrete(route.url),
          headers:
            origin === undefined ? { cookie: headers.cookie } : { cookie: headers.cookie, origin },
          payload: {},
        });
        expect(response.statusCode, `${route.method} ${route.url} from ${origin}`).toBe(403);
        expect(response.json()).toEqual({ message: CSRF_MESSAGE, type: 'csrf' });
      }
    }
    // Nothing was created by the refused requests.
    const keys = await ctx.database.db.selectFrom('apiKeys').select('id').execute();
    expect(keys).toHaveLength(0);
  });
});

describe('a signed-in admin', () => {
  it('reads admin data without an Origin (GET is safe)', async () => {
    const { headers } = await signInAdmin(ctx);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/waitlist',
      headers: { cookie: headers.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['the admin console origin', { origin: 'http://localhost:3002' }],
    ['an origin from ADMIN_ALLOWED_ORIGINS', { origin: 'https://ops.example.com' }],
    [
      'a Referer from the admin console when Origin is absent',
      { referer: 'http://localhost:3002/admin?tab=keys' },
    ],
  ])('may change state from %s', async (_label, extra) => {
    const { headers } = await signInAdmin(ctx);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/api-keys',
      headers: { cookie: headers.cookie, ...extra },
      payload: { name: 'From the console', permissions: ['waitlist:read'] },
    });
    expect(response.statusCode).toBe(201);
  });

  it('may not change state from the public site: only the console is a staff origin', async () => {
    const { headers } = await signInAdmin(ctx);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/api-keys',
      headers: { cookie: headers.cookie, origin: ctx.config.PUBLIC_SITE_URL },
      payload: { name: 'From the public site', permissions: ['waitlist:read'] },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ type: 'csrf' });
  });

  it('is refused once signed out', async () => {
    const { headers } = await signInAdmin(ctx);
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'staff-admin', password: 'admin-password' },
    });
    const cookie = `wl_sid=${other.cookies.find((c) => c.name === 'wl_sid')!.value}`;
    await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie, origin: ctx.config.ADMIN_URL },
    });
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/waitlist',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(401);
    // The first session is unaffected.
    const still = await ctx.app.inject({ method: 'GET', url: '/api/admin/waitlist', headers });
    expect(still.statusCode).toBe(200);
  });
});

describe('an API key', () => {
  it('authenticates every admin GET without a session or Origin, and needs no CSRF check to change state', async () => {
    const { headers } = await signInAdmin(ctx);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/api-keys',
      headers,
      payload: { name: 'Automation', permissions: API_KEY_PERMISSIONS },
    });
    const { formattedKey } = created.json<{ formattedKey: string }>();
    const authorization = `Bearer ${formattedKey}`;
    for (const url of ['/api/admin/waitlist', '/api/admin/contacts', '/api/analytics/dashboard']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { authorization } });
      expect(response.statusCode, url).toBe(200);
    }
    // No key may hold keys:manage: not even the list of keys.
    const keys = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/api-keys',
      headers: { authorization },
    });
    expect(keys.statusCode).toBe(403);
    expect(keys.json()).toMatchObject({ type: 'missing_permission', permission: 'keys:manage' });
    // A state change with no Origin at all: a key is not an ambient credential.
    const [entry] = await seedWaitlist(ctx, 1);
    const write = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/beta/approve/${entry}`,
      headers: { authorization },
    });
    expect(write.statusCode).toBe(201);
  });

  it('must match its environment prefix', async () => {
    const { headers } = await signInAdmin(ctx);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/api-keys',
      headers,
      payload: { name: 'Live key', environment: 'live', permissions: ['waitlist:read'] },
    });
    const { formattedKey } = created.json<{ formattedKey: string }>();
    const swapped = formattedKey.replace('wl_live_', 'wl_test_');
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/waitlist',
      headers: { authorization: `Bearer ${swapped}` },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('hostile input', () => {
  // Some 7,000 requests one after another: past 30 s on a busy machine once issue 32
  // added five routes (as the role matrix's sweeps, a generous bound, never a speed test).
  it('never produces a 500 on any admin route', { timeout: 180_000 }, async () => {
    const { headers } = await signInAdmin(ctx);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/api-keys',
      headers,
      payload: { name: 'Fuzz', permissions: API_KEY_PERMISSIONS },
    });
    const authorization = `Bearer ${created.json<{ formattedKey: string }>().formattedKey}`;
    const queries = [
      '',
      '?page=%00&pageSize=-1&sortBy[]=x&search=%00&status=%00&days=1e9',
      `?search=${'%25'.repeat(300)}&waitlistEntryId=%00&participantId=1`,
      '?page=999999&pageSize=100&search=%5C',
    ];
    const bodies: unknown[] = [
      {},
      [],
      'null',
      { status: { $ne: 1 }, name: '\u0000', environment: ['live'] },
      { name: 'x'.repeat(10_000) },
      {
        templateType: 'announcement',
        templateId: 'announcement',
        email: 'a@b.co',
        recipientIds: ['\u0000', 'x'.repeat(100)],
        testData: { firstName: '\u0000', body: 'x' },
        content: { body: '\u0000' },
      },
    ];
    const failures: string[] = [];
    for (const route of adminRoutes().filter((r) => r.method !== 'HEAD')) {
      for (const id of [SOME_ID, '%00', "'; drop table users; --", 'beta-invitation']) {
        const url = route.url.replace(/:[A-Za-z]+/g, id);
        for (const query of queries) {
          for (const body of route.method === 'GET' ? [undefined] : bodies) {
            const response = await ctx.app.inject({
              method: route.method,
              url: `${url}${query}`,
              headers: { authorization },
              ...(body === undefined
                ? {}
                : typeof body === 'string'
                  ? {
                      payload: body,
                      headers: { authorization, 'content-type': 'application/json' },
                    }
                  : { payload: body as object }),
            });
            if (response.statusCode >= 500) {
              failures.push(
                `${route.method} ${url}${query} -> ${response.statusCode} ${response.body}`,
              );
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
