import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_EXAMPLE_PAYLOADS,
  WEBHOOK_MESSAGES,
} from '@repo/validation';
import { beforeEach, describe, expect, it } from 'vitest';
import { validWaitlistSignup } from '../helpers/test-app';
import { useAdminContext } from '../helpers/use-context';
import { apiKeyHeaders } from '../posts/helpers';

/*
 * Issue 34: endpoints through the admin API (webhooks:manage), and the Zapier REST
 * Hooks an API key holding it calls. WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: the URLs here
 * are never called (nothing drains), and .test names resolve nowhere.
 */
const { ctx, admin } = useAdminContext({ WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true' });
const db = () => ctx.database.db;
beforeEach(async () => {
  await db().deleteFrom('webhookEndpoints').execute();
  await db().deleteFrom('webhookEvents').execute();
});

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string> = admin.headers,
) => ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe('webhook endpoints', () => {
  it('are created (the secret shown once), read, changed and deleted, each audited', async () => {
    const created = await call('POST', '/api/admin/webhooks', {
      url: 'https://crm.example.com/hooks/wordloom',
      description: 'Our CRM',
      events: ['waitlist.signed_up', 'waitlist.signed_up', 'beta.accepted'],
    });
    expect(created.statusCode).toBe(201);
    const endpoint = created.json();
    expect(endpoint).toMatchObject({
      kind: 'webhook',
      source: 'console',
      enabled: true,
      events: ['waitlist.signed_up', 'beta.accepted'],
      disabledReason: null,
      previousSecretExpiresAt: null,
    });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);

    const read = await call('GET', `/api/admin/webhooks/${endpoint.id}`);
    expect(read.json().secret).toBeUndefined();
    expect(read.json().secretHint).toBe(`${endpoint.secret.slice(0, 10)}…`);
    const list = await call('GET', '/api/admin/webhooks');
    expect(list.json().items).toHaveLength(1);

    const patched = await call('PATCH', `/api/admin/webhooks/${endpoint.id}`, {
      enabled: false,
      events: ['post.published'],
    });
    expect(patched.json()).toMatchObject({ enabled: false, events: ['post.published'] });

    const deleted = await call('DELETE', `/api/admin/webhooks/${endpoint.id}`);
    expect(deleted.json()).toEqual({ message: WEBHOOK_MESSAGES.deleted });
    expect((await call('GET', `/api/admin/webhooks/${endpoint.id}`)).statusCode).toBe(404);

    const audit = await db()
      .selectFrom('auditLog')
      .select(['action', 'details'])
      .where('targetId', '=', endpoint.id)
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual([
      'webhook.create',
      'webhook.update',
      'webhook.delete',
    ]);
    expect(JSON.stringify(audit)).not.toContain(endpoint.secret);
  });

  it.each([
    [{ url: 'not a url', events: ['waitlist.signed_up'] }, 'url'],
    [{ url: 'ftp://example.com/x', events: ['waitlist.signed_up'] }, 'url'],
    [{ url: 'https://example.com/x', events: [] }, 'events'],
    [{ url: 'https://example.com/x', events: ['waitlist.nope'] }, 'events.0'],
    [{ url: 'https://example.com/x', events: ['post.published'], kind: 'email' }, 'kind'],
    [
      { url: 'https://example.com/x', events: ['post.published'], description: 'x'.repeat(201) },
      'description',
    ],
  ])('refuses %j with a 400 on %s', async (payload, path) => {
    const response = await call('POST', '/api/admin/webhooks', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues.map((issue: { path: string }) => issue.path)).toContain(path);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect(
      (await call('GET', '/api/admin/webhooks/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/admin/webhooks/nope')).statusCode).toBe(404);
    expect(
      (
        await call(
          'GET',
          '/api/admin/webhooks/00000000-0000-4000-8000-000000000000/deliveries/nope',
        )
      ).statusCode,
    ).toBe(404);
  });

  it(`keeps at most ${WEBHOOK_ENDPOINTS_MAX} endpoints`, async () => {
    await db()
      .insertInto('webhookEndpoints')
      .values(
        Array.from({ length: WEBHOOK_ENDPOINTS_MAX }, (_, i) => ({
          url: `https://example.com/${i}`,
          events: ['post.published'],
          secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        })),
      )
      .execute();
    const response = await call('POST', '/api/admin/webhooks', {
      url: 'https://example.com/one-more',
      events: ['post.published'],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(WEBHOOK_MESSAGES.limit);
  });
});

describe('Zapier REST Hooks', () => {
  it('subscribe, receive the event as an endpoint, unsubscribe, with an API key', async () => {
    const key = await apiKeyHeaders(ctx, ['webhooks:manage']);
    const subscribed = await call(
      'POST',
      '/api/admin/zapier/hooks',
      { target_url: 'https://hooks.zapier.com/hooks/standard/1/abc/', event: 'waitlist.signed_up' },
      key,
    );
    expect(subscribed.statusCode).toBe(201);
    const { id } = subscribed.json<{ id: string }>();
    const row = await db()
      .selectFrom('webhookEndpoints')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      source: 'zapier',
      kind: 'webhook',
      events: ['waitlist.signed_up'],
    });
    expect(row.createdByApiKeyId).not.toBeNull();

    await ctx.app.inject({ method: 'POST', url: '/api/waitlist', payload: validWaitlistSignup() });
    const deliveries = await db().selectFrom('webhookDeliveries').select('endpointId').execute();
    expect(deliveries).toEqual([{ endpointId: id }]);

    // Only a Zapier subscription can be removed this way.
    const consoleEndpoint = await call('POST', '/api/admin/webhooks', {
      url: 'https://crm.example.com/x',
      events: ['post.published'],
    });
    expect(
      (await call('DELETE', `/api/admin/zapier/hooks/${consoleEndpoint.json().id}`, undefined, key))
        .statusCode,
    ).toBe(404);
    const unsubscribed = await call('DELETE', `/api/admin/zapier/hooks/${id}`, undefined, key);
    expect(unsubscribed.statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/zapier/hooks/${id}`, undefined, key)).statusCode).toBe(
      404,
    );
  });

  it('refuses a key without webhooks:manage', async () => {
    const key = await apiKeyHeaders(ctx, ['waitlist:read']);
    const response = await call(
      'POST',
      '/api/admin/zapier/hooks',
      { target_url: 'https://hooks.zapier.com/x', event: 'waitlist.signed_up' },
      key,
    );
    expect(response.statusCode).toBe(403);
  });

  it('samples: the latest real payloads, or a made-up one when none', async () => {
    const key = await apiKeyHeaders(ctx, ['webhooks:manage']);
    const none = await call(
      'GET',
      '/api/admin/zapier/samples?event=post.published',
      undefined,
      key,
    );
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([
      {
        type: 'post.published',
        timestamp: expect.any(String),
        data: WEBHOOK_EXAMPLE_PAYLOADS['post.published'],
      },
    ]);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: validWaitlistSignup({ email: 'sample@example.com' }),
    });
    const real = await call(
      'GET',
      '/api/admin/zapier/samples?event=waitlist.signed_up',
      undefined,
      key,
    );
    expect(real.json()).toHaveLength(1);
    expect(real.json()[0].data.entry.email).toBe('sample@example.com');
    expect(
      (await call('GET', '/api/admin/zapier/samples?event=nope', undefined, key)).statusCode,
    ).toBe(400);
  });
});
