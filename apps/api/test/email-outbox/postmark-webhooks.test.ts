import { describe, expect, it } from 'vitest';
import { usePostmarkContext } from '../helpers/use-context';
import type { OutboxMessageDetail, Page, Suppression } from '@repo/validation';
import * as payloads from '../fixtures/postmark-webhooks';
import { createTestContext, validWaitlistSignup } from '../helpers/test-app';

const USER = 'postmark';
const PASSWORD = 'webhook-password-0123456789';
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

const { ctx, admin, fake } = usePostmarkContext({
  POSTMARK_TRANSACTIONAL_STREAM: 'outbound',
  POSTMARK_BROADCAST_STREAM: 'wordloom-news',
  POSTMARK_WEBHOOK_USERNAME: USER,
  POSTMARK_WEBHOOK_PASSWORD: PASSWORD,
});

const hook = (payload: unknown, authorization = basic(USER, PASSWORD)) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/email/webhooks/postmark',
    headers: { authorization, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

const adminGet = (url: string) => ctx.app.inject({ method: 'GET', url, headers: admin.headers });

let sequence = 0;
/** Sends a test email through the worker; returns what a webhook needs to name it. */
async function sentMessage(email = `person${++sequence}@example.com`) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/email/test',
    headers: admin.headers,
    payload: { templateType: 'waitlist-welcome', email },
  });
  expect(response.statusCode).toBe(202);
  const outboxId = response.json<{ messageId: string }>().messageId;
  await ctx.app.emailWorker!.drainOnce();
  const accepted = fake.accepted.find((mail) => mail.Metadata?.outbox_id === outboxId);
  expect(accepted).toBeDefined();
  return { outboxId, messageId: accepted!.MessageID, email };
}

async function detail(outboxId: string) {
  const response = await adminGet(`/api/admin/email/outbox/${outboxId}`);
  expect(response.statusCode).toBe(200);
  return response.json<OutboxMessageDetail>();
}

async function suppressionsOf(email: string) {
  const response = await adminGet(
    `/api/admin/email/suppressions?search=${encodeURIComponent(email)}`,
  );
  expect(response.statusCode).toBe(200);
  return response.json<Page<Suppression>>().items;
}

const eventCount = async () =>
  Number(
    (
      await ctx.database.db
        .selectFrom('emailEvents')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /api/email/webhooks/postmark: access', () => {
  it('refuses missing or wrong credentials with 401 and a Basic challenge, storing nothing', async () => {
    const message = await sentMessage();
    const before = await eventCount();
    for (const authorization of [
      '',
      basic(USER, 'wrong-password-0123456789'),
      basic('someone', PASSWORD),
      `Bearer ${PASSWORD}`,
    ]) {
      const response = await hook(payloads.delivery(message), authorization);
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Basic realm=/);
      expect(response.json()).toMatchObject({ type: 'unauthorized' });
    }
    expect(await eventCount()).toBe(before);
    expect((await detail(message.outboxId)).deliveryState).toBeNull();
  });

  it('does not exist when no credentials are configured', async () => {
    const bare = await createTestContext();
    try {
      const response = await bare.app.inject({
        method: 'POST',
        url: '/api/email/webhooks/postmark',
        headers: { authorization: basic(USER, PASSWORD) },
        payload: payloads.delivery({ messageId: 'x', email: 'a@example.com' }),
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it('refuses a malformed event with 400 and the field, and acknowledges untracked types', async () => {
    const message = await sentMessage();
    const before = await eventCount();
    const { DeliveredAt: _dropped, ...broken } = payloads.delivery(message);
    const bad = await hook(broken);
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().issues)).toContain('DeliveredAt');
    expect((await hook([1, 2])).statusCode).toBe(400);
    const opened = await hook(payloads.open(message));
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ recorded: false, ignored: 'Open' });
    expect(await eventCount()).toBe(before);
  });
});

describe('delivery events', () => {
  it('records a delivery once, however often Postmark retries it', async () => {
    const message = await sentMessage();
    const first = await hook(payloads.delivery(message));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ recorded: true, outboxId: message.outboxId });
    const again = await hook(payloads.delivery(message));
    expect(again.json()).toMatchObject({ recorded: false, duplicate: true });
    const shown = await detail(message.outboxId);
    expect(shown.deliveryState).toBe('delivered');
    expect(shown.events.map((event) => event.recordType)).toEqual(['Delivery']);
  });

  it('finds the message by Postmark MessageID when the metadata is missing', async () => {
    const message = await sentMessage();
    const { Metadata: _none, ...withoutMetadata } = payloads.delivery(message);
    expect((await hook(withoutMetadata)).json()).toMatchObject({ outboxId: message.outboxId });
    expect((await detail(message.outboxId)).deliveryState).toBe('delivered');
  });

  it('a hard bounce marks the message bounced with its description, suppresses the address, and a late delivery event does not undo it', async () => {
    const message = await sentMessage();
    // Out of order: the bounce first, then a delivery event that happened earlier.
    expect((await hook(payloads.hardBounce(message, { id: 9001 }))).json()).toMatchObject({
      state: 'bounced',
      suppressed: true,
    });
    await hook(payloads.delivery(message, '2026-11-22T10:00:00.0000000Z'));
    const shown = await detail(message.outboxId);
    expect(shown.deliveryState).toBe('bounced');
    expect(shown.deliveryDetail).toContain('unable to deliver your message');
    expect(shown.events.map((event) => event.recordType).sort()).toEqual(['Bounce', 'Delivery']);
    const [suppression] = await suppressionsOf(message.email);
    expect(suppression).toMatchObject({
      email: message.email,
      stream: 'outbound',
      origin: 'hard_bounce',
    });
  });

  it('holds a later transactional email to a bounced address, with the reason, and sends nothing', async () => {
    const message = await sentMessage();
    await hook(payloads.hardBounce(message, { id: 9002 }));
    const sentBefore = fake.accepted.length;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/email/test',
      headers: admin.headers,
      payload: { templateType: 'waitlist-welcome', email: message.email },
    });
    const heldId = response.json<{ messageId: string }>().messageId;
    const summary = await ctx.app.emailWorker!.drainOnce();
    expect(summary.held).toBeGreaterThanOrEqual(1);
    expect(fake.accepted.length).toBe(sentBefore);
    const held = await detail(heldId);
    expect(held.status).toBe('held');
    expect(held.lastError).toContain('suppressed on the outbound stream');
    // Filterable in the console.
    const list = await adminGet('/api/admin/email/outbox?status=held');
    expect(list.json<Page<{ id: string }>>().items.map((item) => item.id)).toContain(heldId);
  });

  it('a soft bounce is shown but suppresses nothing', async () => {
    const message = await sentMessage();
    expect((await hook(payloads.softBounce(message, 9003))).json()).toMatchObject({
      state: 'bounced',
      suppressed: false,
    });
    expect(await suppressionsOf(message.email)).toEqual([]);
  });

  it('a spam complaint on the broadcast stream suppresses bulk mail only', async () => {
    const message = await sentMessage();
    await hook(payloads.spamComplaint({ ...message, stream: 'wordloom-news' }, 9004));
    expect((await detail(message.outboxId)).deliveryState).toBe('complained');
    const suppressions = await suppressionsOf(message.email);
    expect(suppressions).toHaveLength(1);
    expect(suppressions[0]).toMatchObject({ stream: 'broadcast', origin: 'spam_complaint' });
  });

  it('a reactivation lifts a bounce suppression only when it is newer, and never an unsubscribe', async () => {
    const message = await sentMessage();
    await hook(payloads.hardBounce(message, { id: 9005, bouncedAt: '2026-11-22T12:00:00Z' }));
    // An older reactivation arriving late changes nothing.
    const stale = await hook(
      payloads.subscriptionChange(message, { suppress: false, changedAt: '2026-11-22T11:00:00Z' }),
    );
    expect(stale.json()).toMatchObject({ unsuppressed: false });
    expect(await suppressionsOf(message.email)).toHaveLength(1);
    const fresh = await hook(
      payloads.subscriptionChange(message, { suppress: false, changedAt: '2026-11-22T13:00:00Z' }),
    );
    expect(fresh.json()).toMatchObject({ unsuppressed: true });
    expect(await suppressionsOf(message.email)).toEqual([]);

    // An address that unsubscribed here stays unsubscribed whatever Postmark says.
    await ctx.database.db
      .insertInto('emailSuppressions')
      .values({
        email: message.email,
        stream: 'broadcast',
        reason: 'unsubscribed',
        origin: 'unsubscribe',
      })
      .execute();
    await hook(
      payloads.subscriptionChange(
        { ...message, stream: 'wordloom-news' },
        { suppress: false, changedAt: '2030-01-01T00:00:00Z' },
      ),
    );
    expect(await suppressionsOf(message.email)).toHaveLength(1);
  });

  it('a suppression made in Postmark (SubscriptionChange) is mirrored here', async () => {
    const message = await sentMessage();
    await hook(
      payloads.subscriptionChange(message, {
        suppress: true,
        changedAt: '2026-11-22T14:00:00Z',
        reason: 'ManualSuppression',
      }),
    );
    expect(await suppressionsOf(message.email)).toEqual([
      expect.objectContaining({ stream: 'outbound', origin: 'postmark' }),
    ]);
  });
});

describe('the suppression list in the console', () => {
  it('needs a signed-in admin', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/admin/email/suppressions' });
    expect(response.statusCode).toBe(401);
  });

  it('imports Postmark’s dump, skips what is there, and lifts one with an audit entry', async () => {
    const dump = {
      stream: 'broadcast',
      suppressions: [
        {
          EmailAddress: 'Dumped.One@Example.com',
          SuppressionReason: 'ManualSuppression',
          Origin: 'Customer',
          CreatedAt: '2026-10-01T09:00:00-04:00',
        },
        { EmailAddress: 'dumped.two@example.com', SuppressionReason: 'HardBounce' },
      ],
    };
    const post = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/admin/email/suppressions/import',
        headers: admin.headers,
        payload: dump,
      });
    expect((await post()).json()).toEqual({ imported: 2, skipped: 0 });
    expect((await post()).json()).toEqual({ imported: 0, skipped: 2 });
    const [one] = await suppressionsOf('dumped.one@example.com');
    expect(one).toMatchObject({ origin: 'import', stream: 'broadcast' });
    expect(one!.createdAt).toBe('2026-10-01T13:00:00.000Z');

    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/email/suppressions/import',
      headers: admin.headers,
      payload: { stream: 'everything', suppressions: [] },
    });
    expect(bad.statusCode).toBe(400);

    const remove = (email: string) =>
      ctx.app.inject({
        method: 'DELETE',
        url: `/api/admin/email/suppressions?email=${encodeURIComponent(email)}&stream=broadcast`,
        headers: admin.headers,
      });
    expect((await remove('dumped.one@example.com')).statusCode).toBe(204);
    expect((await remove('dumped.one@example.com')).statusCode).toBe(404);
    expect(await suppressionsOf('dumped.one@example.com')).toEqual([]);
    const audit = await ctx.database.db
      .selectFrom('auditLog')
      .select(['action', 'details'])
      .where('action', 'in', ['suppression.remove', 'suppression.import'])
      .execute();
    expect(audit.map((entry) => entry.action).sort()).toEqual([
      'suppression.import',
      'suppression.import',
      'suppression.remove',
    ]);
    // The log keeps what was done, not the address.
    expect(JSON.stringify(audit)).not.toContain('dumped.one');
  });
});

describe('one timeline per person', () => {
  it('walks a person from signup through invitation to a bounced email, newest first', async () => {
    const email = 'Timeline.Person@Example.com';
    const signup = await ctx.app.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: validWaitlistSignup({ email, firstName: 'Tia', lastName: 'Line' }),
    });
    expect(signup.statusCode).toBe(201);
    const entryId = signup.json<{ id: string }>().id;
    const approved = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/beta/approve/${entryId}`,
      headers: admin.headers,
    });
    expect(approved.statusCode).toBe(201);
    await ctx.app.emailWorker!.drainOnce();
    const invitation = fake.accepted.find(
      (mail) => mail.To.toLowerCase() === email.toLowerCase() && mail.Tag === 'beta-invitation',
    )!;
    expect(invitation).toBeDefined();
    await hook(
      payloads.hardBounce(
        {
          messageId: invitation.MessageID,
          email: invitation.To,
          outboxId: invitation.Metadata!.outbox_id,
        },
        { id: 9100, bouncedAt: new Date(Date.now() + 1000).toISOString() },
      ),
    );

    const response = await adminGet(
      `/api/admin/people/timeline?email=${encodeURIComponent('timeline.person@example.com')}`,
    );
    expect(response.statusCode).toBe(200);
    const timeline = response.json<{
      name: string;
      events: { at: string; kind: string; title: string; detail: string | null }[];
    }>();
    expect(timeline.name).toBe('Tia Line');
    const kinds = timeline.events.map((event) => event.kind);
    for (const kind of ['signup', 'invitation', 'email', 'delivery', 'suppression', 'admin']) {
      expect(kinds).toContain(kind);
    }
    const bounce = timeline.events.find((event) => event.kind === 'delivery')!;
    expect(bounce.title).toMatch(/^Bounce: You're in/);
    expect(bounce.detail).toContain('unable to deliver');
    expect(timeline.events.find((event) => event.kind === 'admin')!.title).toContain(
      'waitlist.approve',
    );
    // Newest first: the bounce came last.
    const times = timeline.events.map((event) => event.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(timeline.events[0]!.kind).toMatch(/delivery|suppression/);

    expect((await adminGet('/api/admin/people/timeline')).statusCode).toBe(400);
    const nobody = await adminGet('/api/admin/people/timeline?email=nobody%40example.com');
    expect(nobody.json()).toEqual({ email: 'nobody@example.com', name: null, events: [] });
  });
});
