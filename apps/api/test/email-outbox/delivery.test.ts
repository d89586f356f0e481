import type { OutboxMessageDetail } from '@repo/validation';
import { findEmailTemplate } from '@repo/email-templates';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { usePostmarkContext } from '../helpers/use-context';
import { claimDueMessages, databaseNow } from '../../src/email-outbox/outbox-repository';
import { createOutboxWorker, retryDelayMs } from '../../src/email-outbox/outbox-worker';
import { classifyPostmarkError, createPostmarkTransport } from '../../src/email/postmark-transport';
import { createTestContext, validWaitlistSignup } from '../helpers/test-app';

const RETRY_BASE_MS = 1000;
const MAX_ATTEMPTS = 4;

const { ctx, admin, fake } = usePostmarkContext({
  EMAIL_RETRY_BASE_MS: String(RETRY_BASE_MS),
  EMAIL_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
  EMAIL_FROM: 'Wordloom <beta@wordloom.test>',
  POSTMARK_TRANSACTIONAL_STREAM: 'outbound',
  POSTMARK_BROADCAST_STREAM: 'wordloom-news',
});

const worker = () => ctx.app.emailWorker!;

let sequence = 0;
/** Queues a test email through the admin API; returns its outbox id. */
async function queueEmail(): Promise<string> {
  sequence += 1;
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/email/test',
    headers: admin.headers,
    payload: { templateType: 'waitlist-welcome', email: `reader${sequence}@example.com` },
  });
  expect(response.statusCode).toBe(202);
  return response.json<{ messageId: string }>().messageId;
}

function row(id: string) {
  return ctx.database.db
    .selectFrom('emailOutbox')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** Seconds until the next attempt, by the database clock. */
async function secondsUntilNextAttempt(id: string): Promise<number> {
  const { rows } = await sql<{ seconds: number }>`
    select extract(epoch from next_attempt_at - now())::float8 as seconds
    from email_outbox where id = ${id}
  `.execute(ctx.database.db);
  return rows[0]!.seconds;
}

/**
 * The delay chosen at the failure lies in [min, max] seconds: the wait left now
 * is at most the delay, and at least the delay minus the time since `started`.
 */
function expectDelayBetween(waitLeft: number, started: number, min: number, max: number) {
  const elapsed = (Date.now() - started) / 1000;
  expect(waitLeft).toBeLessThanOrEqual(max + 0.01);
  expect(waitLeft + elapsed).toBeGreaterThanOrEqual(min);
}

/** Lets the clock run: whatever waits for a retry is due now. */
async function timePasses() {
  await ctx.database.db
    .updateTable('emailOutbox')
    .set({ nextAttemptAt: new Date(Date.now() - 1000) })
    .where('status', '=', 'queued')
    .execute();
}

/** Lets the clock run past a claim's lease, as if its worker had died long ago. */
async function leaseRunsOut(id: string) {
  await ctx.database.db
    .updateTable('emailOutbox')
    .set({ lockedUntil: new Date(Date.now() - 1000) })
    .where('id', '=', id)
    .execute();
}

const acceptedFor = (id: string) =>
  fake.accepted.filter((email) => email.Metadata?.outbox_id === id);

describe('delivery through Postmark', () => {
  it('queues instead of capturing when a token is set, then sends with stream, sender, tag and metadata', async () => {
    const id = await queueEmail();
    expect((await row(id)).status).toBe('queued');
    const summary = await worker().drainOnce();
    expect(summary.sent).toBeGreaterThanOrEqual(1);
    const [email] = acceptedFor(id);
    expect(email).toMatchObject({
      From: 'Wordloom <beta@wordloom.test>',
      To: `reader${sequence}@example.com`,
      MessageStream: 'outbound',
      Tag: 'waitlist-welcome',
      Metadata: { outbox_id: id },
    });
    expect(email!.HtmlBody).toContain('<html');
    expect(email!.TextBody).toContain('Wordloom');
    const stored = await row(id);
    expect(stored).toMatchObject({
      status: 'sent',
      attempts: 1,
      providerMessageId: email!.MessageID,
      lastError: null,
      leaseToken: null,
    });
    expect(stored.sentAt).toBeInstanceOf(Date);
  });

  it("renders a signup's deferred welcome email in the worker, then sends and keeps it", async () => {
    const signup = validWaitlistSignup({ firstName: '<i>Noor</i>' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: signup,
    });
    expect(response.statusCode).toBe(201);
    const queued = await ctx.database.db
      .selectFrom('emailOutbox')
      .selectAll()
      .where('toEmail', '=', signup.email)
      .executeTakeFirstOrThrow();
    // The request stored the data, not the rendering.
    expect(queued).toMatchObject({ status: 'queued', htmlBody: null, textBody: null });
    expect(queued.subject).toBe('Confirm your place on the Wordloom waitlist');
    expect(queued.templateData).toMatchObject({ firstName: '<i>Noor</i>' });
    await worker().drainOnce();
    const [email] = acceptedFor(queued.id);
    expect(email!.HtmlBody).toContain('&lt;i&gt;Noor&lt;/i&gt;');
    expect(email!.HtmlBody).not.toContain('<i>Noor');
    expect(email!.TextBody).toContain('Noor');
    const stored = await row(queued.id);
    expect(stored).toMatchObject({ status: 'sent', templateData: null, linkSecrets: null });
    // The stored copy is the sent one, but for the confirmation link's token.
    const token = /\/waitlist\/confirm\?token=([\w-]+)/.exec(email!.TextBody)![1]!;
    expect(stored.htmlBody).toBe(email!.HtmlBody.replaceAll(token, '[redacted]'));
    expect(stored.textBody).toBe(email!.TextBody.replaceAll(token, '[redacted]'));
  });

  it('fails a deferred message whose template no longer exists, without sending it', async () => {
    const [{ id }] = [
      await ctx.database.db
        .insertInto('emailOutbox')
        .values({
          stream: 'outbound',
          templateId: 'retired-template',
          toEmail: 'retired@example.com',
          subject: 'Old',
          htmlBody: null,
          textBody: null,
          templateData: JSON.stringify({ firstName: 'Old' }),
          status: 'queued',
          nextAttemptAt: sql<Date>`now()`,
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    ];
    await worker().drainOnce();
    expect(acceptedFor(id)).toHaveLength(0);
    const stored = await row(id);
    expect(stored.status).toBe('failed');
    expect(stored.lastError).toContain('could not render');
  });

  it('sends bulk mail on the broadcast stream with the List-Unsubscribe headers', async () => {
    const template = findEmailTemplate('announcement')!;
    const prepared = await ctx.app.mailer.prepare({
      template,
      to: 'fan@example.com',
      stream: 'broadcast',
    });
    const [id] = await ctx.app.mailer.queue(ctx.database.db, [prepared]);
    await worker().drainOnce();
    const [email] = acceptedFor(id!);
    expect(email!.MessageStream).toBe('wordloom-news');
    expect(email!.Headers?.map((header) => header.Name)).toEqual([
      'List-Unsubscribe',
      'List-Unsubscribe-Post',
    ]);
    expect(email!.Headers?.[1]?.Value).toBe('List-Unsubscribe=One-Click');
  });
});

describe('an outage', () => {
  it('delays mail with growing, jittered backoff, then delivers it exactly once after recovery', async () => {
    const id = await queueEmail();
    fake.setMode({ kind: 'fail', status: 503 });
    let started = Date.now();
    expect(await worker().drainOnce()).toMatchObject({ retried: 1, sent: 0 });
    let stored = await row(id);
    expect(stored).toMatchObject({ status: 'queued', attempts: 1, deliveryUncertain: false });
    expect(stored.lastError).toContain('503');
    // First retry after 0.5 to 1 x the base delay (measured from the drain, whatever it took).
    expectDelayBetween(await secondsUntilNextAttempt(id), started, 0.5, 1);

    await timePasses();
    fake.setMode({ kind: 'fail', status: 500 });
    started = Date.now();
    await worker().drainOnce();
    stored = await row(id);
    expect(stored).toMatchObject({ status: 'queued', attempts: 2 });
    // A 500 may hide an accepted message: the next attempt looks before sending.
    expect(stored.deliveryUncertain).toBe(true);
    // Then 1 to 2 x the base delay.
    expectDelayBetween(await secondsUntilNextAttempt(id), started, 1, 2);

    await timePasses();
    fake.setMode({ kind: 'ok' });
    const lookupsBefore = fake.requests.filter((request) => request.method === 'GET').length;
    expect(await worker().drainOnce()).toMatchObject({ sent: 1 });
    expect(fake.requests.filter((request) => request.method === 'GET').length).toBe(
      lookupsBefore + 1,
    );
    expect(acceptedFor(id)).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 3, deliveryUncertain: false });
  });

  it('gives up after EMAIL_MAX_ATTEMPTS and shows the reason in the admin', async () => {
    const id = await queueEmail();
    fake.setMode({ kind: 'fail', status: 503 });
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      await worker().drainOnce();
      await timePasses();
    }
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/email/outbox/${id}`,
      headers: admin.headers,
    });
    const detail = response.json<OutboxMessageDetail>();
    expect(detail).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(detail.lastError).toMatch(/503.*gave up after 4 attempts/);
    // Failed mail stays failed until an admin retries it.
    fake.setMode({ kind: 'ok' });
    await worker().drainOnce();
    expect(acceptedFor(id)).toHaveLength(0);
    const retried = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/email/outbox/${id}/retry`,
      headers: admin.headers,
    });
    expect(retried.statusCode).toBe(202);
    await worker().drainOnce();
    expect(acceptedFor(id)).toHaveLength(1);
  });

  it('fails at once, with the reason, when Postmark refuses the message itself (422)', async () => {
    const id = await queueEmail();
    fake.setMode({ kind: 'reject', errorCode: 300, message: 'Invalid email request' });
    expect(await worker().drainOnce()).toMatchObject({ failed: 1 });
    const stored = await row(id);
    expect(stored).toMatchObject({ status: 'failed', attempts: 1 });
    expect(stored.lastError).toBe('Postmark 422 (error 300): Invalid email request');
  });
});

describe('never twice', () => {
  it('after a timeout on a message Postmark accepted, finds it instead of sending again', async () => {
    const id = await queueEmail();
    fake.setMode({ kind: 'accept-then-hang' });
    expect(await worker().drainOnce()).toMatchObject({ retried: 1 });
    const stored = await row(id);
    expect(stored.deliveryUncertain).toBe(true);
    expect(stored.lastError).toMatch(/unreachable.*timeout/i);
    expect(acceptedFor(id)).toHaveLength(1);

    fake.setMode({ kind: 'ok' });
    await timePasses();
    expect(await worker().drainOnce()).toMatchObject({ reconciled: 1, sent: 0 });
    expect(acceptedFor(id)).toHaveLength(1);
    expect(await row(id)).toMatchObject({
      status: 'sent',
      providerMessageId: acceptedFor(id)[0]!.MessageID,
    });
  });

  it('after a timeout on a message Postmark never got, sends it once', async () => {
    const id = await queueEmail();
    fake.setMode({ kind: 'hang' });
    await worker().drainOnce();
    expect(acceptedFor(id)).toHaveLength(0);
    fake.setMode({ kind: 'ok' });
    await timePasses();
    expect(await worker().drainOnce()).toMatchObject({ sent: 1 });
    expect(acceptedFor(id)).toHaveLength(1);
  });

  it('when a worker dies after Postmark accepted, the next worker takes over after the lease without resending', async () => {
    const id = await queueEmail();
    const db = ctx.database.db;
    // The dying worker: claims and sends, but never records the result.
    const claims = await claimDueMessages(db, {
      limit: 10,
      leaseMs: 60_000,
      dueBy: await databaseNow(db),
    });
    const claim = claims.find((candidate) => candidate.id === id)!;
    const transport = createPostmarkTransport({
      serverToken: fake.token,
      apiHost: fake.host,
      timeoutMs: 1000,
      from: 'x@example.com',
      streams: { outbound: 'outbound', broadcast: 'broadcast' },
    });
    await transport.send({
      outboxId: claim.id,
      stream: claim.stream,
      templateId: claim.templateId,
      to: claim.toEmail,
      subject: claim.subject,
      htmlBody: claim.htmlBody!,
      textBody: claim.textBody!,
      headers: claim.headers,
    });
    // While the lease holds, nobody else touches the row.
    expect(await worker().drainOnce()).toMatchObject({ sent: 0, reconciled: 0 });
    await leaseRunsOut(id);
    expect(await worker().drainOnce()).toMatchObject({ reconciled: 1, sent: 0 });
    expect(acceptedFor(id)).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('when a worker dies before sending, the message goes out once after the lease', async () => {
    const id = await queueEmail();
    const db = ctx.database.db;
    await claimDueMessages(db, { limit: 10, leaseMs: 60_000, dueBy: await databaseNow(db) });
    expect((await row(id)).status).toBe('sending');
    await leaseRunsOut(id);
    await worker().drainOnce();
    expect(acceptedFor(id)).toHaveLength(1);
    expect((await row(id)).status).toBe('sent');
  });

  it('two workers draining at once send each message exactly once', async () => {
    const template = findEmailTemplate('waitlist-welcome')!;
    const prepared = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        ctx.app.mailer.prepare({ template, to: `crowd${index}@example.com`, stream: 'outbound' }),
      ),
    );
    const ids = await ctx.app.mailer.queue(ctx.database.db, prepared);
    fake.setMode({ kind: 'ok', delayMs: 20 });
    const second = createOutboxWorker({
      db: ctx.database.db,
      log: ctx.app.log,
      transport: createPostmarkTransport({
        serverToken: fake.token,
        apiHost: fake.host,
        timeoutMs: 2000,
        from: 'x@example.com',
        streams: { outbound: 'outbound', broadcast: 'broadcast' },
      }),
      pollIntervalMs: 1000,
      maxAttempts: 3,
      retryBaseMs: 1000,
      leaseMs: 30_000,
      batchSize: 3,
    });
    const [a, b] = await Promise.all([worker().drainOnce(), second.drainOnce()]);
    expect(a.sent + b.sent).toBe(20);
    for (const id of ids) expect(acceptedFor(id)).toHaveLength(1);
  });
});

describe('the background worker', () => {
  it('delivers on its own, and on shutdown finishes the send in flight before the database closes', async () => {
    const own = await createTestContext(
      {
        POSTMARK_SERVER_TOKEN: fake.token,
        POSTMARK_API_HOST: fake.host,
        POSTMARK_TIMEOUT_MS: '5000',
        EMAIL_WORKER_POLL_MS: '20',
      },
      undefined,
      { startEmailWorker: true },
    );
    try {
      fake.setMode({ kind: 'ok' });
      const template = findEmailTemplate('waitlist-welcome')!;
      const first = await own.app.mailer.prepare({
        template,
        to: 'auto@example.com',
        stream: 'outbound',
      });
      const [autoId] = await own.app.mailer.queue(own.database.db, [first]);
      await expect.poll(() => acceptedFor(autoId!).length, { timeout: 5000, interval: 20 }).toBe(1);

      fake.setMode({ kind: 'ok', delayMs: 1000 });
      const slow = await own.app.mailer.prepare({
        template,
        to: 'slow@example.com',
        stream: 'outbound',
      });
      const [slowId] = await own.app.mailer.queue(own.database.db, [slow]);
      await expect.poll(() => acceptedFor(slowId!).length, { timeout: 5000, interval: 5 }).toBe(1);
      // The answer is still about a second away: close now.
      await own.app.close();
      const stored = await own.database.db
        .selectFrom('emailOutbox')
        .select(['status', 'providerMessageId'])
        .where('id', '=', slowId!)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({
        status: 'sent',
        providerMessageId: acceptedFor(slowId!)[0]!.MessageID,
      });
    } finally {
      await own.database.destroy();
    }
  });
});

describe('retry policy', () => {
  it('doubles the delay each attempt, with jitter in the upper half, capped', () => {
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      const ceiling = 1000 * 2 ** (attempt - 1);
      for (let sample = 0; sample < 50; sample += 1) {
        const delay = retryDelayMs(attempt, 1000, 3_600_000);
        expect(delay).toBeGreaterThanOrEqual(ceiling / 2);
        expect(delay).toBeLessThanOrEqual(ceiling);
      }
    }
    expect(retryDelayMs(30, 1000, 60_000)).toBeLessThanOrEqual(60_000);
  });

  it.each([
    [{ statusCode: 0, message: 'timeout of 1000ms exceeded' }, 'retryable', true],
    [{ statusCode: 500, code: 0, message: 'oops' }, 'retryable', true],
    [{ statusCode: 503, message: 'maintenance' }, 'retryable', false],
    [{ statusCode: 429, message: 'slow down' }, 'retryable', false],
    [{ statusCode: 401, code: 10, message: 'bad token' }, 'retryable', false],
    [{ statusCode: 422, code: 406, message: 'inactive recipient' }, 'permanent', false],
  ])('classifies %j as %s (uncertain: %s)', (error, kind, uncertain) => {
    const classified = classifyPostmarkError(error);
    expect(classified.kind).toBe(kind);
    expect(classified.uncertain).toBe(uncertain);
  });
});
