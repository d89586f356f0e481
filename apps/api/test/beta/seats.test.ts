import type { BetaParticipant, BetaParticipantList } from '@repo/validation';
import { BETA_CAP } from '@repo/validation';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { expireLapsedInvitations } from '../../src/beta/invitation-expiry';
import { loadConfig } from '../../src/config';
import {
  BETA_FULL_MESSAGE,
  INVITATION_LAPSED_MESSAGE,
  INVITATION_PENDING_MESSAGE,
} from '../../src/routes/api/admin/beta';
import { findWaitlistEntry } from '../../src/waitlist/waitlist-repository';
import { seedWaitlist } from '../helpers/admin';
import {
  useSeatContext,
  insertParticipants,
  invitationTokenMailedTo,
  seatsHeld,
  sha256,
} from '../helpers/seats';

/** Issue 11, seats: invitations hold a seat, lapse, and the cap counts what is held. */
const { ctx, admin, approve, setStatus } = useSeatContext();

const DAY_MS = 24 * 60 * 60 * 1000;
const resend = (id: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/beta/resend-invite/${id}`,
    headers: admin.headers,
  });
const accept = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/beta/invitations/accept', payload: { token } });
async function seats() {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/admin/beta/participants',
    headers: admin.headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json<BetaParticipantList>();
}
const services = () => ({ mailer: ctx.app.mailer, config: ctx.config });
const participantRow = (id: string) =>
  ctx.database.db
    .selectFrom('betaParticipants')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();

async function approveOne(email = `invitee-${Math.random().toString(36).slice(2)}@example.com`) {
  const [entryId] = await seedWaitlist(ctx, 1, () => ({ email, firstName: 'Ines' }));
  const response = await approve(entryId!);
  expect(response.statusCode).toBe(201);
  return { entryId: entryId!, email, participant: response.json().participant as BetaParticipant };
}

describe('an approval', () => {
  it('invites: the participant holds a seat for INVITATION_HOLD_DAYS (7 by default)', async () => {
    const before = Date.now();
    const { participant } = await approveOne();
    expect(participant.status).toBe('invited');
    const expires = Date.parse(participant.invitationExpiresAt!);
    expect(expires).toBeGreaterThanOrEqual(before + 7 * DAY_MS - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS + 1000);
    expect(loadConfig({ NODE_ENV: 'development' }).INVITATION_HOLD_DAYS).toBe(7);
    expect(
      loadConfig({ NODE_ENV: 'development', INVITATION_HOLD_DAYS: '3' }).INVITATION_HOLD_DAYS,
    ).toBe(3);
    expect(
      loadConfig({ NODE_ENV: 'development', INVITATION_HOLD_DAYS: '0.5' }).INVITATION_HOLD_DAYS,
    ).toBe(0.5);
    expect(() => loadConfig({ NODE_ENV: 'development', INVITATION_HOLD_DAYS: '0' })).toThrow(
      /INVITATION_HOLD_DAYS/,
    );
  });

  it('mails a single-use accept link to the site, and stores only the SHA-256 of its token', async () => {
    const { participant, email } = await approveOne();
    const token = await invitationTokenMailedTo(ctx, email);
    const mail = await ctx.database.db
      .selectFrom('emailOutbox')
      .selectAll()
      .where('toEmail', '=', email)
      .executeTakeFirstOrThrow();
    // The stored copy shows the link without its token (issue 19); the recipient's has it.
    expect(mail.textBody).toContain(`${ctx.config.PUBLIC_SITE_URL}/beta/accept?token=[redacted]`);
    expect(mail.htmlBody).toContain('/beta/accept?token=[redacted]');
    expect(JSON.stringify(mail)).not.toContain(token);
    expect(mail.textBody).toContain('Accept your invitation');
    const row = await participantRow(participant.id);
    expect(row!.invitationTokenHash).toBe(sha256(token));
    // The token is nowhere else: not in the row, the mail's stored data or headers, the audit log.
    expect(mail.templateData).toBeNull();
    expect(JSON.stringify([mail.subject, mail.headers])).not.toContain(token);
    const elsewhere = await Promise.all([
      ctx.database.db.selectFrom('betaParticipants').selectAll().execute(),
      ctx.database.db.selectFrom('auditLog').selectAll().execute(),
      ctx.database.db.selectFrom('waitlistEntries').selectAll().execute(),
    ]);
    expect(JSON.stringify(elsewhere)).not.toContain(token);
  });
});

describe('seats held', () => {
  it('count active participants and invitations, never inactive participants', async () => {
    await insertParticipants(ctx, 60, 'active');
    await insertParticipants(ctx, 39, 'invited');
    await insertParticipants(ctx, 25, 'inactive');
    const list = await seats();
    expect(list.seats).toMatchObject({ held: 99, free: 1, cap: BETA_CAP });
    expect(list.participants).toHaveLength(124);

    const ids = await seedWaitlist(ctx, 2);
    expect((await approve(ids[0]!)).statusCode).toBe(201);
    const full = await approve(ids[1]!);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ message: BETA_FULL_MESSAGE, type: 'beta_full' });
    expect((await seats()).seats).toMatchObject({ held: 100, free: 0 });
  });

  it('never count an invitation past its expiry, even before the expiry job has run', async () => {
    await insertParticipants(ctx, 99, 'active');
    const [lapsed] = await insertParticipants(ctx, 1, 'invited', -1);
    expect((await seats()).seats).toMatchObject({ held: 99, free: 1 });
    // The lapsed invitation is still there (no job ran), and its seat is taken by an approval.
    const ids = await seedWaitlist(ctx, 2);
    expect((await approve(ids[0]!)).statusCode).toBe(201);
    expect(await participantRow(lapsed!)).toMatchObject({ status: 'invited' });
    expect((await approve(ids[1]!)).statusCode).toBe(409);
    expect(await seatsHeld(ctx)).toBe(BETA_CAP);
  });

  it('list the invitations that lapse within 48 hours, soonest first, with their expiry', async () => {
    const [in47] = await insertParticipants(ctx, 1, 'invited', 47);
    const [in1] = await insertParticipants(ctx, 1, 'invited', 1);
    await insertParticipants(ctx, 1, 'invited', 49);
    await insertParticipants(ctx, 1, 'invited', -1);
    await insertParticipants(ctx, 1, 'active');
    const { seats: figures } = await seats();
    expect(figures.held).toBe(4);
    expect(figures.expiringSoon.map((invitation) => invitation.id)).toEqual([in1, in47]);
    expect(figures.expiringSoon[0]).toMatchObject({
      firstName: 'Seat0',
      email: expect.stringContaining('@example.com'),
      invitationExpiresAt: expect.stringMatching(/Z$/),
    });
  });
});

describe('the expiry job', () => {
  it('removes a lapsed invitation and puts its entry back in the queue, marked expired', async () => {
    const { entryId, participant } = await approveOne();
    const kept = await approveOne();
    await ctx.database.db
      .updateTable('betaParticipants')
      .set({ invitationExpiresAt: sql<Date>`now() - interval '1 minute'` })
      .where('id', '=', participant.id)
      .execute();
    const now = new Date();
    expect(await expireLapsedInvitations(ctx.database.db, services(), now)).toEqual({
      expired: 1,
      invited: 0,
    });
    expect(await participantRow(participant.id)).toBeUndefined();
    expect(await participantRow(kept.participant.id)).toMatchObject({ status: 'invited' });
    const entry = await ctx.database.db
      .selectFrom('waitlistEntries')
      .select('invitationExpiredAt')
      .where('id', '=', entryId)
      .executeTakeFirstOrThrow();
    expect(entry.invitationExpiredAt?.getTime()).toBe(now.getTime());
    expect((await findWaitlistEntry(ctx.database.db, entryId))?.participantId).toBeNull();
    const audit = await ctx.database.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'participant.invitation_expired')
      .where('targetId', '=', participant.id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actorLabel: 'system', details: { waitlistEntryId: entryId } });

    // Back in the queue: it may be approved again, which takes it out of the queue.
    const again = await approve(entryId);
    expect(again.statusCode).toBe(201);
    const cleared = await ctx.database.db
      .selectFrom('waitlistEntries')
      .select('invitationExpiredAt')
      .where('id', '=', entryId)
      .executeTakeFirstOrThrow();
    expect(cleared.invitationExpiredAt).toBeNull();
  });

  it('removes what has lapsed by the `now` it is given, and nothing else', async () => {
    const [soon] = await insertParticipants(ctx, 1, 'invited', 2);
    const [later] = await insertParticipants(ctx, 1, 'invited', 100);
    const [active] = await insertParticipants(ctx, 1, 'active');
    expect((await expireLapsedInvitations(ctx.database.db, services())).expired).toBe(0);
    const inThreeHours = new Date(Date.now() + 3 * 60 * 60 * 1000);
    expect((await expireLapsedInvitations(ctx.database.db, services(), inThreeHours)).expired).toBe(
      1,
    );
    expect(await participantRow(soon!)).toBeUndefined();
    expect(await participantRow(later!)).toBeDefined();
    expect(await participantRow(active!)).toBeDefined();
  });
});

describe('activating and deactivating (PATCH /api/admin/beta/participants/:id)', () => {
  it('deactivating frees a seat; reactivating needs one: 409 beta_full when none is free', async () => {
    const [first, second] = await insertParticipants(ctx, BETA_CAP, 'active');
    expect((await setStatus(first!, 'inactive')).statusCode).toBe(200);
    expect((await seats()).seats).toMatchObject({ held: 99, free: 1 });
    // The freed seat goes to an approval; the deactivated tester cannot come back.
    const [entry] = await seedWaitlist(ctx, 1);
    expect((await approve(entry!)).statusCode).toBe(201);
    const refused = await setStatus(first!, 'active');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: BETA_FULL_MESSAGE, type: 'beta_full' });
    expect(await participantRow(first!)).toMatchObject({ status: 'inactive' });
    // Once a seat frees again, the reactivation goes through.
    expect((await setStatus(second!, 'inactive')).statusCode).toBe(200);
    const back = await setStatus(first!, 'active');
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ id: first, status: 'active' });
    expect(await seatsHeld(ctx)).toBe(BETA_CAP);
  });

  it('reactivating takes the seat of a lapsed invitation that the job has not removed yet', async () => {
    const [inactive] = await insertParticipants(ctx, 1, 'inactive');
    await insertParticipants(ctx, BETA_CAP - 1, 'active');
    await insertParticipants(ctx, 1, 'invited', -1);
    expect((await setStatus(inactive!, 'active')).statusCode).toBe(200);
  });

  it('refuses to flip an invitation (409 invitation_pending): only its link activates it', async () => {
    const { participant } = await approveOne();
    for (const status of ['active', 'inactive']) {
      const response = await setStatus(participant.id, status);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: INVITATION_PENDING_MESSAGE,
        type: 'invitation_pending',
      });
    }
    expect(await participantRow(participant.id)).toMatchObject({ status: 'invited' });
  });
});

describe('resending an invitation', () => {
  it('mails a new link, the old one stops working, and the expiry stays as it was', async () => {
    const { participant, email } = await approveOne();
    const oldToken = await invitationTokenMailedTo(ctx, email);
    const response = await resend(participant.id);
    expect(response.statusCode).toBe(202);
    const newToken = await invitationTokenMailedTo(ctx, email);
    expect(newToken).not.toBe(oldToken);
    const row = await participantRow(participant.id);
    expect(row!.invitationTokenHash).toBe(sha256(newToken));
    expect(row!.invitationExpiresAt!.toISOString()).toBe(participant.invitationExpiresAt);
    expect((await accept(oldToken)).statusCode).toBe(404);
    expect((await accept(newToken)).statusCode).toBe(200);
  });

  it('refuses a lapsed invitation (409 invitation_expired), mailing nothing', async () => {
    const [lapsed] = await insertParticipants(ctx, 1, 'invited', -1);
    const response = await resend(lapsed!);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: INVITATION_LAPSED_MESSAGE,
      type: 'invitation_expired',
    });
    const mail = await ctx.database.db.selectFrom('emailOutbox').select('id').execute();
    expect(mail).toHaveLength(0);
  });

  it('mails an accepted participant the invitation without an accept link', async () => {
    const [active] = await insertParticipants(ctx, 1, 'active');
    expect((await resend(active!)).statusCode).toBe(202);
    const mail = await ctx.database.db
      .selectFrom('emailOutbox')
      .select(['textBody', 'templateId'])
      .executeTakeFirstOrThrow();
    expect(mail.templateId).toBe('beta-invitation');
    expect(mail.textBody).not.toContain('/beta/accept');
    expect(mail.textBody).toContain('Start your beta');
  });
});
