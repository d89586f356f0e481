import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAdminContext } from '../helpers/use-context';
import { expireLapsedInvitations } from '../../src/beta/invitation-expiry';
import {
  purgeUnconfirmedSignups,
  statusLinkSecret,
  statusToken,
} from '../../src/waitlist/confirmation';
import { confirmByMail } from '../helpers/link-tokens';
import { clearSeats } from '../helpers/seats';
import { validWaitlistSignup } from '../helpers/test-app';

/*
 * Issue 19: whoever's invitation lapses goes back to the queue, as issue 11
 * promised: confirmed, marked expired, with a place, however they were invited
 * (approved by staff, auto-filled, or through an invite code). Someone staff
 * approved before confirming gets a fresh confirmation link instead, to take a
 * place by confirming.
 */
const { ctx, admin } = useAdminContext();
beforeEach(async () => {
  await clearSeats(ctx);
  await ctx.database.db.deleteFrom('inviteCodes').execute();
});

const db = () => ctx.database.db;
let sequence = 0;
const uniqueEmail = (label: string) => `${label}-${(sequence += 1)}-${Date.now()}@example.com`;
const services = () => ({ mailer: ctx.app.mailer, config: ctx.config });

async function signUp(email: string, extra: Record<string, unknown> = {}) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/waitlist',
    payload: validWaitlistSignup({ email, ...extra }),
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

const statusOf = async (entryId: string) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/waitlist/status?token=${encodeURIComponent(
        statusToken(statusLinkSecret(ctx.config), entryId),
      )}`,
    })
  ).json();

async function invitationOf(entryId: string) {
  return db()
    .selectFrom('betaParticipants')
    .select(['id', 'status'])
    .where('waitlistEntryId', '=', entryId)
    .executeTakeFirst();
}

/** Lets every invitation lapse, then runs the expiry job. */
async function lapseInvitations() {
  await db()
    .updateTable('betaParticipants')
    .set({ invitationExpiresAt: sql<Date>`now() - interval '1 minute'` })
    .where('status', '=', 'invited')
    .execute();
  return expireLapsedInvitations(db(), services());
}

async function entryRow(entryId: string) {
  return db()
    .selectFrom('waitlistEntries')
    .select(['confirmedAt', 'invitationExpiredAt', 'confirmationTokenHash'])
    .where('id', '=', entryId)
    .executeTakeFirstOrThrow();
}

async function mailsTo(email: string, templateId: string): Promise<number> {
  const row = await db()
    .selectFrom('emailOutbox')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('toEmail', '=', email)
    .where('templateId', '=', templateId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The checks every lapse shares: back in the queue, confirmed, marked expired, no new link. */
async function expectBackInQueue(entryId: string, email: string) {
  expect(await invitationOf(entryId)).toBeUndefined();
  const entry = await entryRow(entryId);
  expect(entry.confirmedAt).toBeInstanceOf(Date);
  expect(entry.invitationExpiredAt).toBeInstanceOf(Date);
  expect(await statusOf(entryId)).toMatchObject({ state: 'queued', position: 1, ahead: 0 });
  // Confirmed already: no confirmation mail is sent again.
  expect(await mailsTo(email, 'waitlist-welcome')).toBe(1);
}

describe('a lapsed invitation', () => {
  it('puts an entry staff approved back in the queue, confirmed and marked expired', async () => {
    const email = uniqueEmail('approved');
    const entryId = await signUp(email);
    await confirmByMail(ctx, email);
    const approval = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/beta/approve/${entryId}`,
      headers: admin.headers,
    });
    expect(approval.statusCode).toBe(201);
    expect(await statusOf(entryId)).toMatchObject({ state: 'invited', position: null });
    expect((await lapseInvitations()).expired).toBe(1);
    await expectBackInQueue(entryId, email);
  });

  it('puts an auto-filled entry back in the queue, confirmed and marked expired', async () => {
    const email = uniqueEmail('auto');
    const entryId = await signUp(email);
    await confirmByMail(ctx, email);
    const on = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/auto-fill',
      headers: admin.headers,
      payload: { enabled: true },
    });
    expect(on.statusCode).toBe(200);
    expect((await invitationOf(entryId))?.status).toBe('invited');
    // The switch stays on: the lapsed person is passed over, not invited again.
    expect(await lapseInvitations()).toEqual({ expired: 1, invited: 0 });
    await expectBackInQueue(entryId, email);
  });

  it('puts a code-admitted entry back in the queue, confirmed and marked expired', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/invite-codes',
      headers: admin.headers,
      payload: {},
    });
    const email = uniqueEmail('coded');
    const entryId = await signUp(email, { inviteCode: created.json().code });
    expect((await confirmByMail(ctx, email)).state).toBe('invited');
    expect((await lapseInvitations()).expired).toBe(1);
    await expectBackInQueue(entryId, email);
  });

  it('mails an unconfirmed approved address a fresh confirmation link, which puts it in the queue', async () => {
    const email = uniqueEmail('unconfirmed');
    const entryId = await signUp(email);
    // Signed up 40 days ago, never confirmed; staff approved it anyway.
    await db()
      .updateTable('waitlistEntries')
      .set({
        createdAt: sql<Date>`now() - interval '40 days'`,
        confirmationSentAt: sql<Date>`now() - interval '40 days'`,
      } as never)
      .where('id', '=', entryId)
      .execute();
    const approval = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/beta/approve/${entryId}`,
      headers: admin.headers,
    });
    expect(approval.statusCode).toBe(201);
    expect((await lapseInvitations()).expired).toBe(1);

    expect(await invitationOf(entryId)).toBeUndefined();
    const entry = await entryRow(entryId);
    expect(entry.confirmedAt).toBeNull();
    expect(entry.invitationExpiredAt).toBeInstanceOf(Date);
    expect(entry.confirmationTokenHash).not.toBeNull();
    expect(await mailsTo(email, 'waitlist-welcome')).toBe(2);
    // The fresh link keeps the old signup from the purge of unconfirmed signups.
    await purgeUnconfirmedSignups(db(), 30);
    expect(await statusOf(entryId)).toMatchObject({ state: 'unconfirmed', position: null });

    expect(await confirmByMail(ctx, email)).toMatchObject({ state: 'queued', position: 1 });
    expect((await entryRow(entryId)).confirmedAt).toBeInstanceOf(Date);
  });
});
