import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usePostmarkContext } from '../helpers/use-context';
import { unsubscribeToken } from '../../src/email/unsubscribe-token';
import { WEBHOOK_EVENTS } from '@repo/validation';
import { findSuppression } from '../../src/suppressions/suppressions-repository';
import * as payloads from '../fixtures/postmark-webhooks';
import { validBetaFeedback, validWaitlistSignup } from '../helpers/test-app';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';

/*
 * Issue 19: after an erasure, no table and no admin answer holds the person's
 * address (in any case) or name. The search reads every text, json and array
 * column of every table (information_schema), so a table added later is
 * searched too without editing this test.
 */

const WEBHOOK = { user: 'postmark', password: 'webhook-password-0123456789' };

const { ctx, admin, fake } = usePostmarkContext({
  POSTMARK_TRANSACTIONAL_STREAM: 'outbound',
  POSTMARK_BROADCAST_STREAM: 'broadcast',
  POSTMARK_WEBHOOK_USERNAME: WEBHOOK.user,
  POSTMARK_WEBHOOK_PASSWORD: WEBHOOK.password,
  // Issue 34: a webhook receiver on loopback gets the person's events.
  WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true',
});

/** Issue 34: a receiver that fails every delivery, echoing what it got (the log keeps it). */
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  receiver.answer = (request, response) => response.writeHead(500).end(request.body);
});
afterAll(() => receiver.close());

const PERSON = {
  email: 'Zephyrine.Quokkafeld@Example.com',
  firstName: 'Zephyrine',
  lastName: 'Quokkafeld',
};
const BYSTANDER = { email: 'rhea.referrer@example.com', firstName: 'Rhea', lastName: 'Referrer' };
/** What must be found nowhere once the person is erased: the address (any case) and the name. */
const NEEDLES = [PERSON.email.toLowerCase(), 'zephyrine', 'quokkafeld'];

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: Record<string, unknown>,
  headers?: Record<string, string>,
) => ctx.app.inject({ method, url, headers, payload });
const asAdmin = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  call(method, url, payload, admin.headers);

const hook = (payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/email/webhooks/postmark',
    headers: {
      authorization: `Basic ${Buffer.from(`${WEBHOOK.user}:${WEBHOOK.password}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    payload: JSON.stringify(payload),
  });

/** The newest mail Postmark accepted for `email` of `tag`. */
function accepted(email: string, tag: string) {
  const mail = fake.accepted
    .filter((candidate) => candidate.To.toLowerCase() === email.toLowerCase())
    .findLast((candidate) => candidate.Tag === tag);
  expect(mail, `${tag} mail to ${email}`).toBeDefined();
  return mail!;
}

const tokenIn = (text: string, path: string) =>
  new RegExp(`${path.replace('/', '\\/')}\\?token=([\\w-]+)`).exec(text)![1]!;

/** Signs up (through `referralCode`), confirms by the mailed link, is approved and accepts. */
async function activeParticipant(
  person: typeof PERSON,
  referralCode?: string,
): Promise<{ entryId: string; participantId: string }> {
  const signup = await call('POST', '/api/waitlist', {
    ...validWaitlistSignup(person),
    ...(referralCode ? { referralCode } : {}),
  });
  expect(signup.statusCode).toBe(201);
  const entryId = signup.json<{ id: string }>().id;
  await ctx.app.emailWorker!.drainOnce();
  const confirmation = accepted(person.email, 'waitlist-welcome');
  const confirmed = await call('POST', '/api/waitlist/confirm', {
    token: tokenIn(confirmation.TextBody, '/waitlist/confirm'),
  });
  expect(confirmed.statusCode).toBe(200);
  expect((await asAdmin('POST', `/api/admin/beta/approve/${entryId}`)).statusCode).toBe(201);
  await ctx.app.emailWorker!.drainOnce();
  const invitation = accepted(person.email, 'beta-invitation');
  const acceptance = await call('POST', '/api/beta/invitations/accept', {
    token: tokenIn(invitation.TextBody, '/beta/accept'),
  });
  expect(acceptance.statusCode).toBe(200);
  const participant = await ctx.database.db
    .selectFrom('betaParticipants')
    .select(['id', 'status'])
    .where(sql<boolean>`lower(email) = lower(${person.email})`)
    .executeTakeFirstOrThrow();
  expect(participant.status).toBe('active');
  return { entryId, participantId: participant.id };
}

/** Every `table.column` (text, json, jsonb or array) where one of the needles occurs, any case. */
async function columnsHolding(needles: string[]): Promise<string[]> {
  const { db } = ctx.database;
  const columns = await sql<{ table: string; column: string }>`
    select c.table_name as table, c.column_name as column
    from information_schema.columns c
    join information_schema.tables t
      on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')
    order by 1, 2
  `.execute(db);
  expect(columns.rows.length).toBeGreaterThan(50);
  const hits: string[] = [];
  for (const { table, column } of columns.rows) {
    for (const needle of needles) {
      const found = await sql<{ n: number }>`
        select count(*)::int as n from ${sql.table(table)}
        where strpos(lower(${sql.ref(column)}::text), ${needle}) > 0
      `.execute(db);
      if (found.rows[0]!.n > 0) hits.push(`${table}.${column}: ${needle}`);
    }
  }
  return hits;
}

describe('erasure leaves nothing (issue 19)', () => {
  it('no column of any table and no admin answer holds the address or the name afterwards', async () => {
    const { db } = ctx.database;
    // Issue 34: an endpoint subscribed to every event (its receiver fails them all).
    const endpoint = await asAdmin('POST', '/api/admin/webhooks', {
      url: `${receiver.url}/hook`,
      events: [...WEBHOOK_EVENTS],
    });
    expect(endpoint.statusCode).toBe(201);
    // A bystander who referred the person, and stays.
    const bystander = await activeParticipant(BYSTANDER);
    const { referralCode } = await db
      .selectFrom('waitlistEntries')
      .select('referralCode')
      .where('id', '=', bystander.entryId)
      .executeTakeFirstOrThrow();
    const person = await activeParticipant(PERSON, referralCode);
    const referred = await db
      .selectFrom('waitlistEntries')
      .select(['referredById'])
      .where('id', '=', person.entryId)
      .executeTakeFirstOrThrow();
    expect(referred.referredById).toBe(bystander.entryId);

    // A contact message, a survey response and a survey in progress.
    const name = `${PERSON.firstName} ${PERSON.lastName}`;
    expect(
      (
        await call('POST', '/api/contact', {
          name,
          email: PERSON.email,
          subject: `About ${name}'s data`,
          message: `Please tell me what you keep about ${PERSON.email}.`,
        })
      ).statusCode,
    ).toBe(201);
    expect((await call('POST', '/api/beta-feedback', validBetaFeedback(PERSON))).statusCode).toBe(
      201,
    );
    const saved = await call(
      'PUT',
      '/api/beta-feedback/progress',
      { key: randomUUID(), step: 2, answers: PERSON },
      {
        'user-agent':
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36',
      },
    );
    expect(saved.json()).toMatchObject({ saved: true });

    // A bulk send that reaches the person, and a second one that skips them (sent recently).
    const dryRun = async () => {
      const response = await asAdmin('POST', '/api/admin/email/bulk-send/dry-run', {
        templateId: 'announcement',
        recipientIds: [person.participantId, bystander.participantId],
        content: { subject: 'Topic clusters are live' },
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ dryRunId: string }>().dryRunId;
    };
    const firstRun = await dryRun();
    expect(
      (await asAdmin('POST', '/api/admin/email/bulk-send', { dryRunId: firstRun })).statusCode,
    ).toBe(202);
    await ctx.app.emailWorker!.drainOnce();
    const secondRun = await dryRun();
    const skipped = await asAdmin('GET', `/api/admin/email/bulk-sends/${secondRun}`);
    expect(skipped.body.toLowerCase()).toContain(PERSON.email.toLowerCase());

    // Postmark's events: a delivery, a hard bounce (a suppression), and an opt-out.
    const announcement = accepted(PERSON.email, 'announcement');
    const target = {
      messageId: announcement.MessageID,
      email: announcement.To,
      outboxId: announcement.Metadata!.outbox_id,
      stream: 'broadcast',
    };
    expect((await hook(payloads.delivery(target))).statusCode).toBe(200);
    const invitation = accepted(PERSON.email, 'beta-invitation');
    const bounce = await hook(
      payloads.hardBounce(
        {
          messageId: invitation.MessageID,
          email: invitation.To,
          outboxId: invitation.Metadata!.outbox_id,
        },
        { id: 777, bouncedAt: new Date().toISOString() },
      ),
    );
    expect(bounce.statusCode).toBe(200);
    const token = unsubscribeToken(ctx.config.UNSUBSCRIBE_SECRET, PERSON.email);
    const unsubscribed = await call(
      'POST',
      `/api/email/unsubscribe?email=${encodeURIComponent(PERSON.email)}&token=${token}`,
    );
    expect(unsubscribed.statusCode).toBeLessThan(400);
    // Analytics stored by an older tracker, with typed values.
    await db
      .insertInto('analyticsEvents')
      .values({
        type: 'form_submit',
        path: '/beta',
        sessionId: 's-erasure',
        occurredAt: new Date(),
        data: JSON.stringify({ sessionId: 's-erasure', formId: 'waitlist', ...PERSON }),
      })
      .execute();

    // The webhook worker tries every event once: the log keeps the receiver's echoes.
    await ctx.app.webhookWorker.drainOnce();
    expect(receiver.received.length).toBeGreaterThan(5);

    // Everything is there before: the search finds the person in many places.
    const before = await columnsHolding(NEEDLES);
    for (const place of [
      'waitlist_entries.email',
      'beta_participants.last_name',
      'contact_messages.email',
      'beta_feedback_responses.email',
      'beta_feedback_progress.answers',
      'bulk_send_runs.skipped',
      'email_outbox.to_email',
      'email_events.email',
      'email_suppressions.email',
      'analytics_events.data',
      'webhook_events.payload',
      'webhook_events.subject_emails',
      'webhook_attempts.response',
    ]) {
      expect(
        before.some((hit) => hit.startsWith(`${place}:`)),
        place,
      ).toBe(true);
    }

    const erased = await asAdmin('POST', '/api/admin/erasure', {
      email: PERSON.email.toUpperCase(),
    });
    expect(erased.statusCode).toBe(200);

    expect(await columnsHolding(NEEDLES)).toEqual([]);
    // Their deliveries still waiting will not be sent; the receiver hears of the erasure, ids only.
    const endpointId = endpoint.json<{ id: string }>().id;
    const cleared = await db
      .selectFrom('webhookDeliveries as d')
      .innerJoin('webhookEvents as e', 'e.id', 'd.eventId')
      .select(['d.state', 'd.lastError'])
      .where('e.payload', 'is', null)
      .execute();
    expect(cleared.length).toBeGreaterThan(5);
    for (const delivery of cleared) {
      expect(delivery).toEqual({
        state: 'failed',
        lastError: 'Not sent: the person it was about was erased',
      });
    }
    receiver.received.length = 0;
    await ctx.app.webhookWorker.drainOnce();
    const erasedEvent = receiver.received.find((request) => request.body.includes('person.erased'));
    expect(erasedEvent).toBeDefined();
    for (const needle of NEEDLES) expect(erasedEvent!.body.toLowerCase()).not.toContain(needle);
    expect(await columnsHolding(NEEDLES)).toEqual([]);

    // No admin answer shows them either.
    const answers: string[] = [];
    for (const url of [
      `/api/admin/email/bulk-sends/${firstRun}`,
      `/api/admin/email/bulk-sends/${secondRun}`,
      '/api/admin/email/outbox?pageSize=100',
      '/api/admin/email/suppressions?pageSize=100',
      '/api/admin/audit-log?pageSize=100',
      '/api/admin/beta/participants',
      `/api/admin/webhooks/${endpointId}/deliveries`,
    ]) {
      const response = await asAdmin('GET', url);
      expect(response.statusCode, url).toBe(200);
      answers.push(`${url}\n${response.body.toLowerCase()}`);
    }
    // The timeline names the address it was asked about; it finds nothing and nobody.
    const timeline = await asAdmin(
      'GET',
      `/api/admin/people/timeline?email=${encodeURIComponent(PERSON.email)}`,
    );
    expect(timeline.json()).toEqual({ email: PERSON.email.toLowerCase(), name: null, events: [] });
    for (const answer of answers) {
      for (const needle of NEEDLES) expect(answer).not.toContain(needle);
    }

    // The bystander is untouched: still a recipient of the first run, and skipped in the second.
    const first = (await asAdmin('GET', `/api/admin/email/bulk-sends/${firstRun}`)).json<{
      recipients: { email: string }[];
      skipped: { email: string }[];
    }>();
    expect(first.recipients.map((recipient) => recipient.email)).toEqual([BYSTANDER.email]);
    const second = (await asAdmin('GET', `/api/admin/email/bulk-sends/${secondRun}`)).json<{
      skipped: { email: string; reason: string }[];
    }>();
    expect(second.skipped).toEqual([
      expect.objectContaining({ email: BYSTANDER.email, reason: 'recently_sent' }),
    ]);
    const run = await db
      .selectFrom('bulkSendRuns')
      .select('recipientIds')
      .where('id', '=', firstRun)
      .executeTakeFirstOrThrow();
    expect(run.recipientIds).toEqual([bystander.participantId]);

    // The address still gets no mail: its suppressions hold, under a hash only.
    expect(await findSuppression(db, PERSON.email, 'broadcast')).toBeDefined();
    expect(await findSuppression(db, PERSON.email.toUpperCase(), 'outbound')).toBeDefined();
    const again = await call(
      'POST',
      `/api/email/unsubscribe?email=${encodeURIComponent(PERSON.email)}&token=${token}`,
    );
    expect(again.statusCode).toBeLessThan(400);
    expect(await columnsHolding(NEEDLES)).toEqual([]);
    // Staff find an erased suppression by typing the address in full.
    const found = await asAdmin(
      'GET',
      `/api/admin/email/suppressions?search=${encodeURIComponent(PERSON.email)}`,
    );
    expect(found.json<{ total: number }>().total).toBe(2);
  });
});
