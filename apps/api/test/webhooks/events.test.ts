import { type WebhookEvent, type WebhookPayload, webhookPayloadSchemas } from '@repo/validation';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { expireLapsedInvitations } from '../../src/beta/invitation-expiry';
import { publishDuePosts } from '../../src/posts/publishing';
import { systemActor } from '../../src/audit/audit-log';
import { emitWebhookEvent } from '../../src/webhooks/webhook-events';
import { seedWaitlist } from '../helpers/admin';
import { confirmByMail } from '../helpers/link-tokens';
import { invitationTokenMailedTo } from '../helpers/seats';
import { validBetaFeedback, validWaitlistSignup } from '../helpers/test-app';
import { useAdminContext } from '../helpers/use-context';
import { adminCall, createDraft, createPublished } from '../posts/helpers';

/*
 * Issue 34: every event is written in the transaction of what caused it (the
 * outbox), with one delivery per enabled endpoint subscribed to its type.
 */
const { ctx, admin } = useAdminContext();
const db = () => ctx.database.db;

let endpointId: string;
beforeEach(async () => {
  await db().deleteFrom('webhookEndpoints').execute();
  await db().deleteFrom('webhookEvents').execute();
  const endpoint = await db()
    .insertInto('webhookEndpoints')
    .values({
      url: 'https://receiver.example.com/hook',
      events: ['waitlist.signed_up', 'contact.received'],
      secret: 'whsec_dGVzdHNlY3JldHRlc3RzZWNyZXR0ZXN0c2VjcmV0',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  endpointId = endpoint.id;
});

/** The events of a type written so far, oldest first, each checked against its schema. */
async function eventsOf<T extends WebhookEvent>(type: T) {
  const rows = await db()
    .selectFrom('webhookEvents')
    .selectAll()
    .where('type', '=', type)
    .orderBy('createdAt')
    .execute();
  return rows.map((row) => ({
    ...row,
    data: webhookPayloadSchemas[type].parse(row.payload) as WebhookPayload<T>,
  }));
}

const unique = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}@example.com`;

async function signUp(email: string, extra: Record<string, unknown> = {}) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/waitlist',
    payload: validWaitlistSignup({ email, ...extra }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

async function approve(firstName = 'Grace') {
  const email = unique(firstName.toLowerCase());
  const [entryId] = await seedWaitlist(ctx, 1, () => ({ email, firstName }));
  const approved = await ctx.app.inject({
    method: 'POST',
    url: `/api/admin/beta/approve/${entryId}`,
    headers: admin.headers,
  });
  expect(approved.statusCode, approved.body).toBe(201);
  return { email, entryId: entryId!, participantId: approved.json().participant.id as string };
}

describe('webhook events', () => {
  it('a signup writes waitlist.signed_up with a delivery to each subscribed endpoint', async () => {
    const email = unique('ada');
    const id = await signUp(email);
    const [event] = await eventsOf('waitlist.signed_up');
    expect(event!.id).toMatch(/^msg_/);
    expect(event!.data.entry).toMatchObject({ id, email, firstName: 'Ada', lastName: 'Lovelace' });
    expect(event!.subjectEmails).toEqual([email]);
    const deliveries = await db()
      .selectFrom('webhookDeliveries')
      .select(['endpointId', 'state'])
      .where('eventId', '=', event!.id)
      .execute();
    expect(deliveries).toEqual([{ endpointId, state: 'pending' }]);
  });

  it('a duplicate signup (409) writes no event', async () => {
    const email = unique('dup');
    await signUp(email);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: validWaitlistSignup({ email }),
    });
    expect(again.statusCode).toBe(409);
    expect(await eventsOf('waitlist.signed_up')).toHaveLength(1);
  });

  it('an event rolls back with its cause, deliveries and all', async () => {
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await emitWebhookEvent(trx, 'person.erased', { ids: ['x'] });
          throw new Error('the cause failed');
        }),
    ).rejects.toThrow('the cause failed');
    expect(await eventsOf('person.erased')).toEqual([]);
    expect(await db().selectFrom('webhookDeliveries').selectAll().execute()).toEqual([]);
  });

  it('an endpoint that is disabled or not subscribed gets no delivery', async () => {
    await db().updateTable('webhookEndpoints').set({ enabled: false }).execute();
    await signUp(unique('off'));
    await db().updateTable('webhookEndpoints').set({ enabled: true }).execute();
    await createPublished(ctx);
    expect(await db().selectFrom('webhookDeliveries').selectAll().execute()).toEqual([]);
  });

  it('confirming writes waitlist.confirmed with the queue place, and credits the referrer', async () => {
    const referrerEmail = unique('referrer');
    const referrerId = await signUp(referrerEmail, { firstName: 'Grace', lastName: 'Hopper' });
    await confirmByMail(ctx, referrerEmail);
    const { referralCode } = await db()
      .selectFrom('waitlistEntries')
      .select('referralCode')
      .where('id', '=', referrerId)
      .executeTakeFirstOrThrow();
    const email = unique('friend');
    const friendId = await signUp(email, { referralCode });
    await confirmByMail(ctx, email);

    const confirmed = await eventsOf('waitlist.confirmed');
    expect(confirmed.map((event) => event.data.entry.id)).toEqual([referrerId, friendId]);
    expect(confirmed[0]!.data.position).toEqual(expect.any(Number));
    const [credited] = await eventsOf('waitlist.referral_credited');
    expect(credited!.data).toMatchObject({
      referrer: { id: referrerId, firstName: 'Grace', referralCount: 1 },
      referred: { id: friendId, email },
    });
    expect(credited!.subjectEmails.sort()).toEqual([referrerEmail, email].sort());
    // A second click on the link confirms nothing new.
    await confirmByMail(ctx, email).catch(() => undefined);
    expect(await eventsOf('waitlist.confirmed')).toHaveLength(2);
  });

  it('an approval writes beta.invited, the accept beta.accepted, a status change its event', async () => {
    const { email, participantId } = await approve('Grace');
    const [invited] = await eventsOf('beta.invited');
    expect(invited!.data.participant).toMatchObject({ id: participantId, status: 'invited' });

    const token = await invitationTokenMailedTo(ctx, email);
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: '/api/beta/invitations/accept',
      payload: { token },
    });
    expect(accepted.statusCode).toBe(200);
    const [acceptedEvent] = await eventsOf('beta.accepted');
    expect(acceptedEvent!.data.participant).toMatchObject({ id: participantId, status: 'active' });

    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/beta/participants/${participantId}`,
      headers: admin.headers,
      payload: { status: 'inactive' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const [changed] = await eventsOf('beta.participant_status_changed');
    expect(changed!.data).toMatchObject({
      participant: { id: participantId, status: 'inactive' },
      previousStatus: 'active',
    });
  });

  it('the expiry job writes beta.invitation_expired', async () => {
    const { participantId } = await approve('Lapsed');
    await db()
      .updateTable('betaParticipants')
      .set({ invitationExpiresAt: sql<Date>`now() - interval '1 minute'` })
      .where('id', '=', participantId)
      .execute();
    await expireLapsedInvitations(db(), { mailer: ctx.app.mailer, config: ctx.config });
    const [expired] = await eventsOf('beta.invitation_expired');
    expect(expired!.data.participant).toMatchObject({ id: participantId, firstName: 'Lapsed' });
  });

  it('a contact message writes contact.received', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        name: 'Lin Chen',
        email: 'lin@example.com',
        subject: 'Agency pricing',
        message: 'Do you plan a plan for agencies?',
      },
    });
    expect(response.statusCode).toBe(201);
    const [event] = await eventsOf('contact.received');
    expect(event!.data.message).toMatchObject({ id: response.json().id, name: 'Lin Chen' });
  });

  it('a contact message caught by the honeypot writes nothing', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        name: 'Lin Chen',
        email: 'lin@example.com',
        subject: 'Agency pricing',
        message: 'Do you plan a plan for agencies?',
        website: 'https://spam.example',
      },
    });
    expect(response.statusCode).toBe(201);
    expect(await eventsOf('contact.received')).toEqual([]);
  });

  it('a completed survey writes survey.completed', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/beta-feedback',
      payload: validBetaFeedback(),
    });
    expect(response.statusCode, response.body).toBe(201);
    const [event] = await eventsOf('survey.completed');
    expect(event!.data.response.id).toBe(response.json().id);
  });

  it('publishing and unpublishing write post events; a scheduled post published by the job too', async () => {
    const post = await createPublished(ctx);
    const [published] = await eventsOf('post.published');
    expect(published!.data.post).toMatchObject({ id: post.id, path: `/blog/${post.slug}` });
    const unpublished = await adminCall(ctx, admin.headers, 'POST', `/${post.id}/unpublish`);
    expect(unpublished.statusCode).toBe(200);
    expect((await eventsOf('post.unpublished'))[0]!.data.post.id).toBe(post.id);

    const draft = await createDraft(ctx);
    await db()
      .updateTable('blogPosts')
      .set({ status: 'scheduled', scheduledAt: new Date(Date.now() - 1000) })
      .where('id', '=', draft.id)
      .execute();
    expect(await publishDuePosts(db(), systemActor('scheduler'))).toEqual([draft.id]);
    expect((await eventsOf('post.published')).map((event) => event.data.post.id)).toEqual([
      post.id,
      draft.id,
    ]);
  });

  it('unpublishing a draft (409) writes no event', async () => {
    const draft = await createDraft(ctx);
    const response = await adminCall(ctx, admin.headers, 'POST', `/${draft.id}/unpublish`);
    expect(response.statusCode).toBe(409);
    expect(await eventsOf('post.unpublished')).toEqual([]);
  });

  it('an erasure writes person.erased with ids only and clears the events about the person', async () => {
    const email = unique('erased');
    const id = await signUp(email);
    const erased = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/erasure',
      headers: admin.headers,
      payload: { email },
    });
    expect(erased.statusCode).toBe(200);
    const [event] = await eventsOf('person.erased');
    expect(event!.data).toEqual({ ids: [id] });
    expect(JSON.stringify(event!.payload)).not.toContain(email);
    const signedUp = await db()
      .selectFrom('webhookEvents')
      .selectAll()
      .where('type', '=', 'waitlist.signed_up')
      .executeTakeFirstOrThrow();
    expect(signedUp).toMatchObject({ payload: null, subjectEmails: [], subjectIds: [] });
  });
});
