import fc from 'fast-check';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertStaffUser, seedWaitlist, signInAdmin } from '../helpers/admin';
import {
  bodyRequest,
  checkRequest,
  describeStats,
  type GeneratedRequest,
  pathParam,
  queryRequest,
  type RunStats,
  runOptions,
  statsOf,
} from '../helpers/arbitraries';
import { createTestContext, type TestContext, validBetaFeedback } from '../helpers/test-app';

/*
 * Property: whatever a signed-in admin's browser sends to an admin write (every
 * POST, PATCH, PUT and DELETE under /api/admin, found as the routes register, so a
 * new one is covered without editing this file), the answer is 2xx or 4xx (never
 * 5xx), a refusal follows the JSON error contract without internals, and a refused
 * request leaves no row behind. FC_SEED=<seed> replays a failure.
 */

let ctx: TestContext;
const routes: { method: HTTPMethods; url: string }[] = [];
const realIds: string[] = [];
let adminHeaders: Record<string, string>;
const sent = new Map<string, RunStats>();

const RUNS = Number(process.env.FC_RUNS ?? 80);

/** Valid bodies of the writes that take one; any other write is given `{}` to mutate. */
const VALID_BODIES: Record<string, () => Record<string, unknown>> = {
  'PATCH /api/admin/beta/participants/:id': () => ({ status: 'inactive' }),
  'PATCH /api/admin/contacts/:id': () => ({ status: 'read' }),
  'POST /api/admin/api-keys': () => ({
    name: 'Generated key',
    environment: 'test',
    permissions: ['waitlist:read'],
  }),
  'POST /api/admin/accounts/invite': () => ({ email: 'new-staff@wordloom.ai' }),
  'POST /api/admin/erasure': () => ({ email: 'seed-0@example.com' }),
  'POST /api/admin/email/test': () => ({
    templateType: 'announcement',
    email: 'tester@wordloom.ai',
    testData: { firstName: 'Ada', subject: 'Hello', heading: 'News', body: 'Body text' },
  }),
  'POST /api/admin/email/bulk-send': () => ({
    templateId: 'announcement',
    recipientIds: realIds.slice(0, 3),
    content: { subject: 'News', heading: 'Big news', body: 'We shipped.' },
  }),
};

beforeAll(async () => {
  ctx = await createTestContext({ ADMIN_EMAIL_DOMAINS: 'wordloom.ai' }, undefined, {
    onRoute: (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) routes.push({ method, url: route.url });
    },
  });
  const admin = await signInAdmin(ctx);
  adminHeaders = admin.headers;
  const as = (method: HTTPMethods, url: string, payload?: unknown) =>
    ctx.app.inject({ method, url, headers: adminHeaders, payload: payload as object });

  // Real rows of every kind, so generated requests that name one reach past the lookup.
  const waitlist = await seedWaitlist(ctx, 6);
  const participants: string[] = [];
  for (const id of waitlist.slice(0, 3)) {
    const approved = await as('POST', `/api/admin/beta/approve/${id}`);
    participants.push(approved.json().participant.id);
  }
  const contacts = await ctx.database.db
    .insertInto('contactMessages')
    .values(
      [1, 2, 3].map((n) => ({
        name: `Person ${n}`,
        email: `person-${n}@example.com`,
        subject: 'A question',
        message: 'A message long enough.',
      })),
    )
    .returning('id')
    .execute();
  const feedback = await ctx.app.inject({
    method: 'POST',
    url: '/api/beta-feedback',
    payload: validBetaFeedback(),
  });
  const key = await as('POST', '/api/admin/api-keys', {
    name: 'Seed key',
    permissions: ['waitlist:read'],
  });
  const outbox = await ctx.database.db.selectFrom('emailOutbox').select('id').execute();
  // One email that failed for good, so a retry can succeed.
  await ctx.database.db
    .updateTable('emailOutbox')
    .set({ status: 'failed' })
    .where('id', '=', outbox[0]!.id)
    .execute();
  const colleague = await insertStaffUser(ctx, { username: 'colleague' });
  realIds.push(
    ...participants,
    ...waitlist,
    ...contacts.map((row) => row.id),
    feedback.json().id,
    key.json().apiKey.id,
    ...outbox.map((row) => row.id),
    colleague,
    admin.userId,
  );
  expect(realIds.every((id) => typeof id === 'string')).toBe(true);
});
afterAll(async () => {
  console.log(describeStats('property-admin', sent));
  await ctx?.close();
});

const isAdminWrite = (route: { method: string; url: string }) =>
  route.url.startsWith('/api/admin/') && ['POST', 'PATCH', 'PUT', 'DELETE'].includes(route.method);

/** A URL for `route` with every :param generated (junk, UUIDs, or the id of a real row). */
function urlOf(route: string): fc.Arbitrary<string> {
  const parts = route.split('/');
  return fc
    .tuple(...parts.map((part) => (part.startsWith(':') ? pathParam(realIds) : fc.constant(part))))
    .map((built) => built.join('/'));
}

function requestsFor(route: { method: HTTPMethods; url: string }): fc.Arbitrary<GeneratedRequest> {
  const key = `${route.method} ${route.url}`;
  const valid = VALID_BODIES[key]?.() ?? {};
  const url = urlOf(route.url);
  return fc.oneof(
    {
      weight: 4,
      arbitrary: bodyRequest(route.method, url, valid, ctx.config.BODY_LIMIT_BYTES, adminHeaders),
    },
    // A DELETE or a bodiless POST, as a client may send it.
    { weight: 1, arbitrary: queryRequest(route.method, url, adminHeaders) },
  );
}

describe('every admin write, given generated bad input from a signed-in admin', () => {
  it('is found by the sweep (so the property cannot pass vacuously)', () => {
    const writes = routes.filter(isAdminWrite).map((route) => `${route.method} ${route.url}`);
    for (const expected of Object.keys(VALID_BODIES)) expect(writes).toContain(expected);
    expect(writes.length).toBeGreaterThanOrEqual(15);
  });

  it('answers 2xx or 4xx with the error contract, and a refusal leaves no row', async () => {
    const writes = routes.filter(isAdminWrite);
    for (const route of writes) {
      await fc.assert(
        fc.asyncProperty(requestsFor(route), (request) =>
          checkRequest(ctx, request, statsOf(sent, route.method, route.url)),
        ),
        runOptions(RUNS),
      );
    }
    // The session was never lost along the way: the runs above were made as an admin.
    const check = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/waitlist',
      headers: adminHeaders,
    });
    expect(check.statusCode).toBe(200);
    for (const route of writes) {
      const statuses = [...statsOf(sent, route.method, route.url).byStatus.keys()];
      expect(
        statuses.some((status) => status !== 401 && status !== 403),
        `${route.method} ${route.url}`,
      ).toBe(true);
    }
  }, 120_000);
});
