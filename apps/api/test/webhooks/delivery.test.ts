import { WEBHOOK_RETRY_DELAYS_MS } from '@repo/validation';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { purgeOldDeliveries } from '../../src/webhooks/deliveries-repository';
import { createWebhookWorker } from '../../src/webhooks/delivery-worker';
import { validWaitlistSignup } from '../helpers/test-app';
import { useAdminContext } from '../helpers/use-context';
import {
  startWebhookReceiver,
  type WebhookReceiver,
  webhookHeaders,
} from '../helpers/webhook-receiver';

/*
 * Issue 34: delivery to a real receiver on loopback (WEBHOOKS_ALLOW_PRIVATE_ADDRESSES
 * lets the API reach it), signatures checked with the `standardwebhooks` library.
 * Time passes by moving next_attempt_at (the database clock), never by sleeping.
 */
const { ctx, admin } = useAdminContext({ WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true' });
const db = () => ctx.database.db;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());
beforeEach(async () => {
  receiver.received.length = 0;
  receiver.answer = (_request, response) => response.writeHead(200).end('ok');
  await db().deleteFrom('webhookEndpoints').execute();
  await db().deleteFrom('webhookEvents').execute();
  await db()
    .deleteFrom('emailOutbox')
    .where('templateId', '=', 'webhook-endpoint-disabled')
    .execute();
});

async function createEndpoint(body: Record<string, unknown> = {}) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/webhooks',
    headers: admin.headers,
    payload: { url: `${receiver.url}/hook`, events: ['waitlist.signed_up'], ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; secret: string; secretHint: string }>();
}

async function signUp(overrides: Record<string, unknown> = {}) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/waitlist',
    payload: validWaitlistSignup(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

const drain = () => ctx.app.webhookWorker.drainOnce();

/** Whatever waits for a retry is due now. */
async function timePasses() {
  await db()
    .updateTable('webhookDeliveries')
    .set({ nextAttemptAt: sql<Date>`now() - interval '1 second'` })
    .where('state', '=', 'pending')
    .execute();
}

const endpointRow = (id: string) =>
  db().selectFrom('webhookEndpoints').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('webhook delivery', () => {
  it('POSTs the event signed per Standard Webhooks; the library verifies it', async () => {
    const endpoint = await createEndpoint();
    expect(endpoint.secret).toMatch(/^whsec_/);
    expect(endpoint.secretHint).toBe(`${endpoint.secret.slice(0, 10)}…`);
    const entryId = await signUp({ email: 'ada@example.com' });
    expect(await drain()).toEqual({ succeeded: 1, retried: 0, failed: 0 });

    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(request!.path).toBe('/hook');
    expect(request!.headers['content-type']).toBe('application/json');
    const verified = new Webhook(endpoint.secret).verify(
      request!.body,
      webhookHeaders(request!.headers),
    ) as { type: string; data: { entry: { id: string; email: string } } };
    expect(verified.type).toBe('waitlist.signed_up');
    expect(verified.data.entry).toMatchObject({ id: entryId, email: 'ada@example.com' });
    expect(String(request!.headers['webhook-id'])).toMatch(/^msg_/);
    // Another secret does not verify it.
    expect(() =>
      new Webhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw').verify(
        request!.body,
        webhookHeaders(request!.headers),
      ),
    ).toThrow();
    const row = await endpointRow(endpoint.id);
    expect(row.failingSince).toBeNull();
    expect(row.lastDeliveryAt).toBeInstanceOf(Date);
  });

  it('retries a failure after about 5 s (with jitter), with the same webhook-id, until it succeeds', async () => {
    await createEndpoint();
    let failures = 2;
    receiver.answer = (_request, response) => {
      if (failures > 0) {
        failures -= 1;
        response.writeHead(500).end('down for maintenance');
      } else response.writeHead(204).end();
    };
    await signUp();
    expect(await drain()).toEqual({ succeeded: 0, retried: 1, failed: 0 });
    const { rows } = await sql<{ seconds: number }>`
      select extract(epoch from next_attempt_at - now())::float8 as seconds from webhook_deliveries
    `.execute(db());
    const first = WEBHOOK_RETRY_DELAYS_MS[0] / 1000;
    expect(rows[0]!.seconds).toBeLessThanOrEqual(first * 1.2 + 0.01);
    expect(rows[0]!.seconds).toBeGreaterThan(first * 0.8 - 5);
    // Not due yet: nothing is sent.
    expect(await drain()).toEqual({ succeeded: 0, retried: 0, failed: 0 });

    await timePasses();
    expect(await drain()).toEqual({ succeeded: 0, retried: 1, failed: 0 });
    await timePasses();
    expect(await drain()).toEqual({ succeeded: 1, retried: 0, failed: 0 });

    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((request) => request.headers['webhook-id'])).size).toBe(1);
    const endpoint = await db()
      .selectFrom('webhookEndpoints')
      .select('id')
      .executeTakeFirstOrThrow();
    const delivery = await db()
      .selectFrom('webhookDeliveries')
      .select('id')
      .executeTakeFirstOrThrow();
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/webhooks/${endpoint.id}/deliveries/${delivery.id}`,
      headers: admin.headers,
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      state: 'succeeded',
      attempts: 3,
      lastStatus: 204,
      attemptLog: [
        { attempt: 1, status: 500, response: 'down for maintenance' },
        { attempt: 2, status: 500 },
        { attempt: 3, status: 204 },
      ],
    });
  });

  it('gives up after the last retry of the schedule', async () => {
    await createEndpoint();
    receiver.answer = (_request, response) => response.writeHead(503).end();
    await signUp();
    for (let attempt = 1; attempt <= WEBHOOK_RETRY_DELAYS_MS.length; attempt += 1) {
      expect(await drain()).toMatchObject({ retried: 1 });
      await timePasses();
    }
    expect(await drain()).toEqual({ succeeded: 0, retried: 0, failed: 1 });
    expect(receiver.received).toHaveLength(WEBHOOK_RETRY_DELAYS_MS.length + 1);
  });

  it('keeps only the first 2 KB of an answer', async () => {
    await createEndpoint();
    receiver.answer = (_request, response) => response.writeHead(400).end('x'.repeat(10_000));
    await signUp();
    await drain();
    const attempt = await db().selectFrom('webhookAttempts').selectAll().executeTakeFirstOrThrow();
    expect(attempt.response).toHaveLength(2048);
  });

  it('a 410 Gone disables the endpoint at once and mails the Owners', async () => {
    const endpoint = await createEndpoint();
    receiver.answer = (_request, response) => response.writeHead(410).end();
    await signUp();
    await signUp();
    const summary = await drain();
    expect(summary.failed).toBe(2);
    const row = await endpointRow(endpoint.id);
    expect(row).toMatchObject({ enabled: false, disabledReason: '410 Gone' });
    const mails = await db()
      .selectFrom('emailOutbox')
      .select(['templateId', 'subject', 'textBody'])
      .where('templateId', '=', 'webhook-endpoint-disabled')
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain(`${receiver.url}/hook`);
    // Disabled: new events do not go to it.
    await signUp();
    expect(await drain()).toEqual({ succeeded: 0, retried: 0, failed: 0 });
  });

  it('an endpoint failing for 3 days is disabled and the Owners are mailed', async () => {
    const endpoint = await createEndpoint();
    receiver.answer = (_request, response) => response.writeHead(500).end();
    await signUp();
    await drain();
    expect((await endpointRow(endpoint.id)).enabled).toBe(true);
    await db()
      .updateTable('webhookEndpoints')
      .set({ failingSince: sql<Date>`now() - interval '3 days 1 minute'` })
      .execute();
    await timePasses();
    await drain();
    expect(await endpointRow(endpoint.id)).toMatchObject({
      enabled: false,
      disabledReason: 'failing for 3 days',
    });
    expect(
      await db()
        .selectFrom('emailOutbox')
        .select('id')
        .where('templateId', '=', 'webhook-endpoint-disabled')
        .execute(),
    ).toHaveLength(1);
    // Enabled again by hand: the reason and the failure run are cleared.
    const enabled = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/webhooks/${endpoint.id}`,
      headers: admin.headers,
      payload: { enabled: true },
    });
    expect(enabled.json()).toMatchObject({
      enabled: true,
      disabledReason: null,
      failingSince: null,
    });
  });

  it('after a rotation both secrets sign for 24 hours', async () => {
    const endpoint = await createEndpoint();
    const rotated = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/webhooks/${endpoint.id}/rotate-secret`,
      headers: admin.headers,
    });
    expect(rotated.statusCode).toBe(200);
    const { secret, previousSecretExpiresAt } = rotated.json<{
      secret: string;
      previousSecretExpiresAt: string;
    }>();
    expect(secret).not.toBe(endpoint.secret);
    expect(new Date(previousSecretExpiresAt).getTime()).toBeGreaterThan(Date.now());
    await signUp();
    await drain();
    const [request] = receiver.received;
    expect(String(request!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const key of [secret, endpoint.secret]) {
      expect(() =>
        new Webhook(key).verify(request!.body, webhookHeaders(request!.headers)),
      ).not.toThrow();
    }
    // Once the overlap ends, only the new one signs.
    await db()
      .updateTable('webhookEndpoints')
      .set({ previousSecretExpiresAt: sql<Date>`now() - interval '1 second'` })
      .execute();
    await signUp();
    await drain();
    const later = receiver.received[1]!;
    expect(String(later.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(() =>
      new Webhook(endpoint.secret).verify(later.body, webhookHeaders(later.headers)),
    ).toThrow();
  });

  it('a Slack endpoint gets a sentence in the audit log wording, not JSON', async () => {
    await createEndpoint({ kind: 'slack' });
    await signUp({ firstName: 'Ada', lastName: 'Lovelace', company: 'Analytical Engines' });
    await drain();
    expect(JSON.parse(receiver.received[0]!.body)).toEqual({
      text: 'Ada Lovelace (Analytical Engines) joined the waitlist',
    });
    expect(receiver.received[0]!.headers['webhook-signature']).toBeUndefined();
  });

  it('an answer slower than the timeout is a failure', async () => {
    await createEndpoint();
    receiver.answer = () => {
      // Never answers.
    };
    await signUp();
    const worker = createWebhookWorker({
      db: db(),
      log: ctx.app.log,
      mailer: ctx.app.mailer,
      adminUrl: ctx.config.ADMIN_URL,
      siteUrl: ctx.config.PUBLIC_SITE_URL,
      policy: ctx.app.webhookAddressPolicy,
      pollIntervalMs: 1000,
      timeoutMs: 200,
    });
    expect(await worker.drainOnce()).toEqual({ succeeded: 0, retried: 1, failed: 0 });
    const attempt = await db().selectFrom('webhookAttempts').selectAll().executeTakeFirstOrThrow();
    expect(attempt).toMatchObject({ status: null, error: 'timed out after 0 s' });
  });
});

describe('the delivery log and resends', () => {
  it('lists deliveries newest first with a cursor, resends one with the same webhook-id', async () => {
    const endpoint = await createEndpoint();
    receiver.answer = (_request, response) => response.writeHead(500).end();
    for (let i = 0; i < 3; i += 1) await signUp();
    await drain();
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/webhooks/${endpoint.id}/deliveries?state=pending`,
      headers: admin.headers,
    });
    expect(list.statusCode).toBe(200);
    const page = list.json<{
      items: { id: string; eventId: string }[];
      nextCursor: string | null;
    }>();
    expect(page.items).toHaveLength(3);
    expect(page.nextCursor).toBeNull();
    const bad = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/webhooks/${endpoint.id}/deliveries?before=nonsense`,
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);

    // Still pending: a resend is refused; once failed for good, it is queued again.
    const target = page.items[0]!;
    const resendUrl = `/api/admin/webhooks/${endpoint.id}/deliveries/${target.id}/resend`;
    expect(
      (await ctx.app.inject({ method: 'POST', url: resendUrl, headers: admin.headers })).statusCode,
    ).toBe(409);
    await db().updateTable('webhookDeliveries').set({ state: 'failed' }).execute();
    receiver.answer = (_request, response) => response.writeHead(200).end();
    receiver.received.length = 0;
    const resent = await ctx.app.inject({ method: 'POST', url: resendUrl, headers: admin.headers });
    expect(resent.statusCode).toBe(202);
    await drain();
    expect(receiver.received.map((request) => request.headers['webhook-id'])).toEqual([
      target.eventId,
    ]);

    const since = new Date(Date.now() - 60_000).toISOString();
    const all = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/webhooks/${endpoint.id}/resend-failed`,
      headers: admin.headers,
      payload: { since },
    });
    expect(all.json()).toEqual({ queued: 2, message: '2 failed deliveries queued again' });
    await drain();
    expect(receiver.received).toHaveLength(3);
    const tooOld = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/webhooks/${endpoint.id}/resend-failed`,
      headers: admin.headers,
      payload: { since: '2020-01-01T00:00:00.000Z' },
    });
    expect(tooOld.statusCode).toBe(400);
  });

  it('pages through more than 50 deliveries without overlap', async () => {
    const endpoint = await createEndpoint();
    const event = await db()
      .insertInto('webhookEvents')
      .values({ id: 'msg_page', type: 'waitlist.signed_up', payload: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    // 60 deliveries of one endpoint need 60 events (one delivery per event and endpoint).
    await db()
      .insertInto('webhookEvents')
      .values(
        Array.from({ length: 59 }, (_, i) => ({
          id: `msg_page${i}`,
          type: 'waitlist.signed_up',
          payload: '{}',
        })),
      )
      .execute();
    await sql`insert into webhook_deliveries (event_id, endpoint_id, state)
      select id, ${endpoint.id}::uuid, 'succeeded' from webhook_events where id like 'msg_page%'`.execute(
      db(),
    );
    expect(event.id).toBe('msg_page');
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?before=${cursor}` : '';
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/webhooks/${endpoint.id}/deliveries${query}`,
        headers: admin.headers,
      });
      const page: { items: { id: string }[]; nextCursor: string | null } = response.json();
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(60);
    expect(new Set(seen).size).toBe(60);
  });

  it('"Send test event" reaches this endpoint only, with a made-up payload', async () => {
    const endpoint = await createEndpoint({ events: ['post.published'] });
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/webhooks/${endpoint.id}/test`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(202);
    await drain();
    expect(receiver.received).toHaveLength(1);
    const body = JSON.parse(receiver.received[0]!.body) as {
      type: string;
      data: { post: { title: string } };
    };
    expect(body.type).toBe('post.published');
    expect(receiver.received[0]!.headers['webhook-id']).toBe(response.json().eventId);
  });

  it('deliveries older than 30 days are purged with their attempts', async () => {
    await createEndpoint();
    await signUp();
    await drain();
    expect(await purgeOldDeliveries(db(), 30)).toBe(0);
    await db()
      .updateTable('webhookDeliveries')
      .set({ createdAt: sql<Date>`now() - interval '31 days'` } as never)
      .execute();
    await sql`update webhook_events set created_at = now() - interval '31 days'`.execute(db());
    expect(await purgeOldDeliveries(db(), 30)).toBe(1);
    expect(await db().selectFrom('webhookAttempts').selectAll().execute()).toEqual([]);
    expect(await db().selectFrom('webhookEvents').selectAll().execute()).toEqual([]);
  });
});
