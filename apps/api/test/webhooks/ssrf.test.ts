import { WEBHOOK_MESSAGES } from '@repo/validation';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  endpointUrlProblem,
  isPublicAddress,
  type ResolveHost,
} from '../../src/webhooks/address-guard';
import { signInAdmin, type AdminSession } from '../helpers/admin';
import { createTestContext, type TestContext, validWaitlistSignup } from '../helpers/test-app';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';

/*
 * Issue 34: webhooks are never a way into the internal network. The guard runs at
 * creation and in the socket's lookup of every delivery, so the connection goes to
 * the address that was checked. Names resolve through an injected resolver: the
 * tests decide what DNS answers (a name that turns into 127.0.0.1 at connect time).
 */

/** What the tests' DNS answers; `rebinding` answers public once, then loopback. */
let answers: Record<string, string[]> = {};
let rebindingCalls = 0;
const resolve: ResolveHost = async (hostname) => {
  if (hostname === 'rebinding.test') {
    rebindingCalls += 1;
    return [{ address: rebindingCalls === 1 ? '93.184.215.14' : '127.0.0.1', family: 4 }];
  }
  const list = answers[hostname];
  if (!list)
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

let ctx: TestContext;
let admin: AdminSession;
let receiver: WebhookReceiver;
beforeAll(async () => {
  ctx = await createTestContext({}, undefined, { webhooks: { resolve } });
  admin = await signInAdmin(ctx);
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  await ctx.close();
});
beforeEach(async () => {
  receiver.received.length = 0;
  answers = {};
  rebindingCalls = 0;
  await ctx.database.db.deleteFrom('webhookEndpoints').execute();
});

const create = (url: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/admin/webhooks',
    headers: admin.headers,
    payload: { url, events: ['waitlist.signed_up'] },
  });

async function signUpAndDeliver() {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/waitlist',
    payload: validWaitlistSignup(),
  });
  expect(response.statusCode).toBe(201);
  return ctx.app.webhookWorker.drainOnce();
}

const lastAttempt = () =>
  ctx.database.db
    .selectFrom('webhookAttempts')
    .select(['status', 'error'])
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

describe('the SSRF guard', () => {
  it.each([
    ['loopback', 'http://127.0.0.1:8080/hook'],
    ['loopback, another', 'http://127.1.2.3/hook'],
    ['private 10/8', 'http://10.0.0.5/hook'],
    ['private 172.16/12', 'http://172.16.0.1/hook'],
    ['private 192.168/16', 'http://192.168.1.1/hook'],
    ['link-local and the metadata service', 'http://169.254.169.254/latest/meta-data/'],
    ['CGNAT', 'http://100.64.0.1/hook'],
    ['unspecified', 'http://0.0.0.0/hook'],
    ['multicast', 'http://224.0.0.1/hook'],
    ['IPv6 loopback', 'http://[::1]/hook'],
    ['IPv6 unique local (fc00::/7)', 'http://[fc00::1]/hook'],
    ['the IPv6 metadata service', 'http://[fd00:ec2::254]/hook'],
    ['IPv6 link-local', 'http://[fe80::1]/hook'],
    ['IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.1]/hook'],
  ])('refuses an endpoint at a %s address', async (_name, url) => {
    const response = await create(url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: WEBHOOK_MESSAGES.urlPrivate,
      issues: [{ path: 'url', message: WEBHOOK_MESSAGES.urlPrivate }],
    });
  });

  it('refuses a name that resolves to an internal address (any of its addresses)', async () => {
    answers['intranet.example.com'] = ['93.184.215.14', '10.1.2.3'];
    expect((await create('https://intranet.example.com/hook')).statusCode).toBe(400);
    answers['six.example.com'] = ['::1'];
    expect((await create('https://six.example.com/hook')).statusCode).toBe(400);
  });

  it('accepts a public address, and a name that resolves to one', async () => {
    answers['hooks.example.com'] = ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'];
    expect((await create('https://hooks.example.com/hook')).statusCode).toBe(201);
  });

  it('refuses a user name or password in the URL', async () => {
    answers['hooks.example.com'] = ['93.184.215.14'];
    const response = await create('https://user:secret@hooks.example.com/hook');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(WEBHOOK_MESSAGES.urlCredentials);
  });

  it('checks again at delivery: an endpoint at loopback gets nothing', async () => {
    // As if made while private addresses were allowed, or written around the API.
    await ctx.database.db
      .insertInto('webhookEndpoints')
      .values({
        url: `${receiver.url}/hook`,
        events: ['waitlist.signed_up'],
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      })
      .execute();
    expect(await signUpAndDeliver()).toMatchObject({ retried: 1 });
    expect(receiver.received).toEqual([]);
    expect(await lastAttempt()).toMatchObject({
      status: null,
      error: 'address not allowed: 127.0.0.1 is not a public internet address',
    });
  });

  it('checks at delivery a name that resolves to loopback ("localhost" and the like)', async () => {
    answers['localhost.example.com'] = ['127.0.0.1'];
    await ctx.database.db
      .insertInto('webhookEndpoints')
      .values({
        url: `http://localhost.example.com:${receiver.port}/hook`,
        events: ['waitlist.signed_up'],
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      })
      .execute();
    await signUpAndDeliver();
    expect(receiver.received).toEqual([]);
    expect((await lastAttempt()).error).toContain('address not allowed');
  });

  it('defeats DNS rebinding: public when checked at creation, 127.0.0.1 at connect', async () => {
    const created = await create(`http://rebinding.test:${receiver.port}/hook`);
    expect(created.statusCode).toBe(201);
    expect(rebindingCalls).toBe(1);
    await signUpAndDeliver();
    expect(receiver.received).toEqual([]);
    expect((await lastAttempt()).error).toBe(
      'address not allowed: 127.0.0.1 is not a public internet address',
    );
  });

  it('an IPv4-mapped IPv6 address counts as the IPv4 address it maps', () => {
    expect(isPublicAddress('::ffff:127.0.0.1')).toBe(false);
    expect(isPublicAddress('::ffff:7f00:1')).toBe(false);
    expect(isPublicAddress('::ffff:10.0.0.1')).toBe(false);
    expect(isPublicAddress('93.184.215.14')).toBe(true);
  });

  it('requires https in production', async () => {
    const policy = { allowPrivate: false, resolve, requireHttps: true };
    answers['hooks.example.com'] = ['93.184.215.14'];
    expect(await endpointUrlProblem('http://hooks.example.com/hook', policy)).toBe(
      WEBHOOK_MESSAGES.urlHttps,
    );
    expect(await endpointUrlProblem('https://hooks.example.com/hook', policy)).toBeUndefined();
  });
});

describe('redirects', () => {
  let open: TestContext;
  let openAdmin: AdminSession;
  let target: WebhookReceiver;
  beforeAll(async () => {
    // Private addresses allowed (both receivers are on loopback): only the redirect rule is tested.
    open = await createTestContext({ WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true' });
    openAdmin = await signInAdmin(open);
    target = await startWebhookReceiver();
  });
  afterAll(async () => {
    await target.close();
    await open.close();
  });

  it('are never followed: a 3xx is a failed attempt, the Location gets nothing', async () => {
    receiver.answer = (_request, response) =>
      response.writeHead(307, { location: `${target.url}/internal` }).end();
    const created = await open.app.inject({
      method: 'POST',
      url: '/api/admin/webhooks',
      headers: openAdmin.headers,
      payload: { url: `${receiver.url}/hook`, events: ['waitlist.signed_up'] },
    });
    expect(created.statusCode).toBe(201);
    await open.app.inject({ method: 'POST', url: '/api/waitlist', payload: validWaitlistSignup() });
    expect(await open.app.webhookWorker.drainOnce()).toMatchObject({ retried: 1 });
    expect(receiver.received).toHaveLength(1);
    expect(target.received).toEqual([]);
    const attempt = await open.database.db
      .selectFrom('webhookAttempts')
      .select('status')
      .executeTakeFirstOrThrow();
    expect(attempt.status).toBe(307);
  });
});
