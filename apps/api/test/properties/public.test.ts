import fc from 'fast-check';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { unsubscribeToken } from '../../src/email/unsubscribe-token';
import { issueAccountToken } from '../../src/auth/account-tokens';
import type * as PasswordModule from '../../src/auth/password';
import { hashPassword } from '../../src/auth/password';
import { delivery, hardBounce, subscriptionChange } from '../fixtures/postmark-webhooks';
import { insertStaffUser, STAFF_PASSWORD } from '../helpers/admin';
import { SoftAuthenticator } from '../helpers/soft-authenticator';
import {
  bodyRequest,
  checkRequest,
  describeStats,
  type GeneratedRequest,
  type RunStats,
  statsOf,
  pathParam,
  queryRequest,
  runOptions,
} from '../helpers/arbitraries';
import {
  createTestContext,
  TEST_SETUP_TOKEN,
  type TestContext,
  validBetaFeedback,
  validWaitlistSignup,
} from '../helpers/test-app';

/*
 * Property: whatever a client sends to a public endpoint, the answer is 2xx or
 * 4xx (never 5xx), a refusal follows the JSON error contract without internals,
 * and a refused request leaves no row behind. FC_SEED=<seed> replays a failure
 * (fast-check prints the seed and the failing request).
 */

// Hashing at the production cost (scrypt N=2^17) takes about a second on a busy
// machine, and generated bodies that pass validation hash a password: here new
// hashes are cheap. What is under test is the handling of input, not the hash.
const CHEAP_SCRYPT = { N: 2 ** 10, r: 8, p: 1 };
let dummy: Promise<string> | undefined;
vi.mock('../../src/auth/password', async (importOriginal) => {
  const actual = await importOriginal<typeof PasswordModule>();
  return {
    ...actual,
    hashPassword: (password: string, params = CHEAP_SCRYPT) =>
      actual.hashPassword(password, params),
    needsRehash: () => false,
    timingDummyHash: () => (dummy ??= actual.hashPassword('dummy password', CHEAP_SCRYPT)),
  };
});

const WEBHOOK_PASSWORD = 'webhook-password-0123456789';
const webhookAuth = `Basic ${Buffer.from(`postmark:${WEBHOOK_PASSWORD}`).toString('base64')}`;

let ctx: TestContext;
const routes: { method: HTTPMethods; url: string }[] = [];
let invite: string;
let verify: string;
const sent = new Map<string, RunStats>();

const RUNS = Number(process.env.FC_RUNS ?? 120);

beforeAll(async () => {
  ctx = await createTestContext(
    {
      ADMIN_EMAIL_DOMAINS: 'wordloom.ai',
      POSTMARK_WEBHOOK_USERNAME: 'postmark',
      POSTMARK_WEBHOOK_PASSWORD: WEBHOOK_PASSWORD,
    },
    undefined,
    {
      onRoute: (route) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) routes.push({ method, url: route.url });
      },
    },
  );
  // Live tokens, so generated bodies that carry them reach past the token check.
  const pendingId = await insertStaffUser(ctx, { username: 'pending-person', status: 'pending' });
  const activeId = await insertStaffUser(ctx, { username: 'active-person' });
  await ctx.database.db
    .updateTable('users')
    .set({ passwordHash: await hashPassword(STAFF_PASSWORD) })
    .where('id', '=', activeId)
    .execute();
  invite = await tokenFor({ purpose: 'invite', email: 'invited@wordloom.ai' });
  verify = await tokenFor({
    purpose: 'verify_email',
    email: 'pending-person@wordloom.ai',
    userId: pendingId,
  });
  await ctx.app.inject({
    method: 'POST',
    url: '/api/waitlist',
    payload: validWaitlistSignup({ email: 'taken@example.com' }),
  });
});
afterAll(async () => {
  console.log(describeStats('property-public', sent));
  await ctx?.close();
});

async function tokenFor(input: Parameters<typeof issueAccountToken>[2]): Promise<string> {
  const { mail } = await issueAccountToken(ctx.database.db, ctx.config, input);
  return /token=([\w-]+)/.exec(mail.textBody)![1]!;
}

const contact = {
  name: 'Lin Chen',
  email: 'lin@example.com',
  subject: 'Agency pricing',
  message: 'Do you plan a plan for agencies with ten seats?',
  company: 'Chen & Co',
  status: 'new',
  website: '',
};

const analyticsBatch = () => ({
  events: [
    {
      type: 'form_submit',
      path: '/waitlist',
      timestamp: new Date().toISOString(),
      data: { sessionId: 's-1', formId: 'waitlist', step: 2, fields: { email: true } },
    },
    {
      type: 'link_click',
      path: '/',
      timestamp: new Date().toISOString(),
      data: { sessionId: 's-1', href: 'https://example.com', isExternal: true },
    },
  ],
});

const unsubscribeQuery = (email: string) =>
  `?email=${encodeURIComponent(email)}&token=${unsubscribeToken(ctx.config.UNSUBSCRIBE_SECRET, email)}`;

interface Endpoint {
  method: HTTPMethods;
  route: string;
  /** The request generator (built after beforeAll: tokens are known then). */
  requests: () => fc.Arbitrary<GeneratedRequest>;
  /** Answers with redirects (single sign-on): where a 302 may point (checked as a prefix). */
  redirectsTo?: () => string;
}

const limit = () => ctx.config.BODY_LIMIT_BYTES;
const post =
  (url: string, valid: () => Record<string, unknown>, freeText: string[] = []) =>
  () =>
    bodyRequest('POST', fc.constant(url), valid(), limit(), {}, freeText);
const get = (url: fc.Arbitrary<string> | string) => () =>
  fc.oneof(
    queryRequest('GET', typeof url === 'string' ? fc.constant(url) : url),
    queryRequest('HEAD', typeof url === 'string' ? fc.constant(url) : url),
    // A GET with a body, which some clients send.
    bodyRequest('GET', typeof url === 'string' ? fc.constant(url) : url, undefined, limit()),
  );

const ENDPOINTS: Endpoint[] = [
  { method: 'GET', route: '/api/health', requests: get('/api/health') },
  { method: 'GET', route: '/api/posts', requests: get('/api/posts') },
  {
    method: 'GET',
    route: '/api/posts/:slug',
    requests: get(
      pathParam(['why-we-built-wordloom', 'WHY-WE-BUILT-WORDLOOM', 'why-we-built-wordloom%00']).map(
        (slug) => `/api/posts/${slug}`,
      ),
    ),
  },
  { method: 'GET', route: '/api/posts-version', requests: get('/api/posts-version') },
  {
    method: 'GET',
    route: '/api/post-images/:file',
    requests: get(
      pathParam([
        `00000000-0000-4000-8000-000000000000-1200x630-640.webp`,
        'not-an-image',
        'x-1x1-1.webp',
      ]).map((file) => `/api/post-images/${file}`),
    ),
  },
  {
    method: 'GET',
    route: '/api/post-previews/:token',
    requests: get(
      pathParam([
        `1.${Math.floor(Date.now() / 1000) + 3600}.${'A'.repeat(43)}`,
        '1.1.x',
        'not-a-token',
      ]).map((token) => `/api/post-previews/${token}`),
    ),
  },
  {
    method: 'POST',
    route: '/api/waitlist',
    requests: post('/api/waitlist', () => ({ ...validWaitlistSignup(), website: '' }), [
      'firstName',
      'lastName',
      'company',
      'contentWorkflow',
    ]),
  },
  {
    method: 'POST',
    route: '/api/contact',
    requests: post('/api/contact', () => contact, ['name', 'subject', 'message', 'company']),
  },
  {
    method: 'POST',
    route: '/api/beta-feedback',
    requests: post('/api/beta-feedback', () => validBetaFeedback(), [
      'firstName',
      'lastName',
      'primaryRole',
      'initialImpressions',
      'improvementSuggestions',
    ]),
  },
  {
    method: 'PUT',
    route: '/api/beta-feedback/progress',
    requests: () =>
      bodyRequest(
        'PUT',
        fc.constant('/api/beta-feedback/progress'),
        {
          key: '6f1c2d3e-4b5a-4c6d-8e7f-0123456789ab',
          step: 3,
          answers: {
            email: 'tester@example.com',
            firstName: 'Grace',
            lastName: 'Hopper',
            primaryRole: 'Content lead',
            aiExperienceLevel: 'expert',
            initialImpressions: 'Quick to set up.',
          },
          website: '',
        },
        limit(),
        // A browser's: requests without one are taken for scripts and store nothing.
        { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36' },
        ['firstName', 'primaryRole', 'initialImpressions'],
      ),
  },
  {
    method: 'GET',
    route: '/api/beta-feedback/progress',
    requests: get(
      fc
        .constantFrom('6f1c2d3e-4b5a-4c6d-8e7f-0123456789ab', 'short', '%00', 'x'.repeat(200))
        .map((key) => `/api/beta-feedback/progress?key=${key}`),
    ),
  },
  {
    method: 'POST',
    route: '/api/analytics/events',
    requests: post('/api/analytics/events', analyticsBatch),
  },
  {
    method: 'GET',
    route: '/api/email/unsubscribe',
    requests: () =>
      fc.oneof(
        queryRequest('GET', fc.constant('/api/email/unsubscribe')),
        queryRequest(
          'GET',
          fc
            .constantFrom('ada@example.com', 'ÄDA@example.com', 'a\u0000@example.com')
            .map((email) => `/api/email/unsubscribe${unsubscribeQuery(email)}&`),
        ),
      ),
  },
  {
    method: 'POST',
    route: '/api/email/unsubscribe',
    requests: () =>
      fc.oneof(
        bodyRequest(
          'POST',
          fc.constant('/api/email/unsubscribe'),
          { 'List-Unsubscribe': 'One-Click' },
          limit(),
        ),
        bodyRequest(
          'POST',
          fc
            .constantFrom('ada@example.com', 'ÄDA@example.com')
            .map((email) => `/api/email/unsubscribe${unsubscribeQuery(email)}&`),
          { 'List-Unsubscribe': 'One-Click' },
          limit(),
        ),
      ),
  },
  {
    method: 'POST',
    route: '/api/email/webhooks/postmark',
    requests: () =>
      fc.oneof(
        // With the credentials, so generated events reach the parser and the database.
        ...[
          delivery({ messageId: 'pm-1', email: 'ada@example.com' }),
          hardBounce({ messageId: 'pm-2', email: 'ada@example.com' }),
          subscriptionChange(
            { messageId: 'pm-3', email: 'ada@example.com' },
            { suppress: false, changedAt: '2026-11-22T10:00:00Z' },
          ),
        ].map((valid) =>
          bodyRequest(
            'POST',
            fc.constant('/api/email/webhooks/postmark'),
            valid,
            limit(),
            { authorization: webhookAuth },
            ['Details', 'Description', 'Email', 'Recipient', 'MessageID'],
          ),
        ),
        bodyRequest('POST', fc.constant('/api/email/webhooks/postmark'), undefined, limit()),
      ),
  },
  { method: 'GET', route: '/api/setup-status', requests: get('/api/setup-status') },
  { method: 'GET', route: '/api/user', requests: get('/api/user') },
  {
    method: 'POST',
    route: '/api/login',
    requests: post('/api/login', () => ({ username: 'active-person', password: STAFF_PASSWORD })),
  },
  {
    method: 'POST',
    route: '/api/register',
    requests: post(
      '/api/register',
      () => ({
        username: 'new-person',
        email: 'new-person@wordloom.ai',
        name: 'New Person',
        password: 'a long and unusual passphrase',
        setupToken: TEST_SETUP_TOKEN,
      }),
      ['name', 'password'],
    ),
  },
  // Issue 11: the waitlist's confirmation link and the signed status link.
  {
    method: 'POST',
    route: '/api/waitlist/confirm',
    requests: post('/api/waitlist/confirm', () => ({ token: 'x'.repeat(43) })),
  },
  // Issue 11: the invitation email's accept link.
  {
    method: 'POST',
    route: '/api/beta/invitations/accept',
    requests: post('/api/beta/invitations/accept', () => ({ token: 'y'.repeat(43) })),
  },
  {
    method: 'GET',
    route: '/api/waitlist/status',
    requests: () =>
      fc.oneof(
        queryRequest('GET', fc.constant('/api/waitlist/status')),
        queryRequest(
          'GET',
          fc.constant('/api/waitlist/status?token=00000000-0000-4000-8000-000000000000.abc&'),
        ),
      ),
  },
  {
    method: 'POST',
    route: '/api/verify-email',
    requests: post('/api/verify-email', () => ({ token: verify })),
  },
  {
    method: 'GET',
    route: '/api/invite',
    requests: () =>
      fc.oneof(
        queryRequest('GET', fc.constant('/api/invite')),
        queryRequest('GET', fc.constant(`/api/invite?token=${invite}&`)),
      ),
  },
  {
    method: 'POST',
    route: '/api/accept-invite',
    requests: post(
      '/api/accept-invite',
      () => ({
        token: invite,
        username: 'invited-person',
        name: 'Invited Person',
        password: 'another long passphrase',
      }),
      ['name', 'password'],
    ),
  },
  { method: 'POST', route: '/api/logout', requests: post('/api/logout', () => ({})) },
  // Issue 19: the second step of a sign-in and the account's authenticator app (generated
  // requests have no pending sign-in nor session: refused, and nothing is left).
  ...['/api/login/totp', '/api/login/recovery'].map((route) => ({
    method: 'POST' as const,
    route,
    requests: post(route, () => ({ code: route.endsWith('totp') ? '123456' : 'abcde-fghij' })),
  })),
  ...[
    '/api/account/totp/setup',
    '/api/account/totp/confirm',
    '/api/account/totp/disable',
    '/api/account/recovery-codes',
  ].map((route) => ({
    method: 'POST' as const,
    route,
    requests: post(route, () => ({ code: '123456' })),
  })),
  { method: 'GET', route: '/api/account/security', requests: get('/api/account/security') },
  // Issue 19: passkeys. A sign-in's answer from a software authenticator (its challenge
  // never issued); the account's own routes need a session, which generated requests lack.
  {
    method: 'POST',
    route: '/api/login/passkey/options',
    requests: post('/api/login/passkey/options', () => ({})),
  },
  {
    method: 'POST',
    route: '/api/login/passkey',
    requests: post('/api/login/passkey', () => ({
      response: new SoftAuthenticator(ctx.config.ADMIN_URL, 'localhost').assert({
        challenge: 'bm90LWlzc3VlZA',
      }),
    })),
  },
  {
    method: 'POST',
    route: '/api/account/passkeys/options',
    requests: post('/api/account/passkeys/options', () => ({})),
  },
  {
    method: 'POST',
    route: '/api/account/passkeys',
    requests: post(
      '/api/account/passkeys',
      () => ({
        name: 'Laptop',
        response: new SoftAuthenticator(ctx.config.ADMIN_URL, 'localhost').register({
          challenge: 'bm90LWlzc3VlZA',
        }),
      }),
      ['name'],
    ),
  },
  {
    method: 'DELETE',
    route: '/api/account/passkeys/:id',
    requests: () =>
      bodyRequest(
        'DELETE',
        pathParam(['00000000-0000-4000-8000-000000000000', 'not-a-uuid']).map(
          (id) => `/api/account/passkeys/${id}`,
        ),
        undefined,
        limit(),
      ),
  },
  // Issue 35: single sign-on. Whether it is offered; the start and the provider's answer
  // (not configured here) only ever send the browser back to the console's sign-in page.
  { method: 'GET', route: '/api/auth/oidc', requests: get('/api/auth/oidc') },
  ...['/api/auth/oidc/start', '/api/auth/oidc/callback'].map((route) => ({
    method: 'GET' as const,
    route,
    requests: get(
      fc
        .oneof(
          fc.constant(''),
          fc.constant('?code=abc&state=def&iss=https%3A%2F%2Fevil.example'),
          fc.webQueryParameters().map((query) => `?${query}`),
        )
        .map((query) => `${route}${query}`),
    ),
    redirectsTo: () => `${ctx.config.ADMIN_URL.replace(/\/+$/, '')}/auth?sso_error=`,
  })),
  // The OpenAPI document and its reference page (issue 10): read-only, whatever is asked.
  ...['/api/openapi.json', '/api/docs'].map((route) => ({
    method: 'GET' as const,
    route,
    requests: () => queryRequest('GET', fc.constant(route)),
  })),
  {
    method: 'GET',
    route: '/api/docs/assets/:file',
    requests: get(
      pathParam(['docs.js', 'swagger-ui.css', 'DOCS.JS']).map((file) => `/api/docs/assets/${file}`),
    ),
  },
];

describe('every public endpoint, given generated bad input', () => {
  it('is in the table below, so a new public route gets generated input too', () => {
    const isPublic = (url: string) =>
      !url.startsWith('/api/admin/') && url !== '/api/analytics/dashboard' && url !== '*';
    const registered = routes
      .filter((route) => isPublic(route.url) && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`);
    const covered = ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.route}`);
    expect(registered.sort()).toEqual([...new Set(covered)].sort());
  });

  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.method} ${endpoint.route}: 2xx or 4xx with the error contract, no row left by a refusal`, async () => {
      await fc.assert(
        fc.asyncProperty(endpoint.requests(), (request) =>
          checkRequest(
            ctx,
            request,
            statsOf(sent, endpoint.method, endpoint.route),
            endpoint.redirectsTo?.(),
          ),
        ),
        runOptions(RUNS),
      );
    });
  }
});

// Found by the property above: a path the router cannot percent-decode was answered
// with Fastify's own error shape ({ error, code, statusCode, message }), not the contract.
describe('a URL the router cannot decode', () => {
  it.each(['/api/posts/%', '/api/posts/%E0%A4%A', '/api/admin/contacts/%ZZ', '/api/nothing/%'])(
    '%s is a 400 in the JSON error contract',
    async (url) => {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Malformed URL', type: 'invalid_request' });
    },
  );
});
