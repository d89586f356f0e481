import { INVITE_CODE_MESSAGES } from '@repo/validation';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestContext } from '../helpers/use-context';
import { signInAdmin } from '../helpers/admin';
import { sha256 } from '../helpers/seats';
import { validWaitlistSignup } from '../helpers/test-app';

/*
 * Issue 11: invite codes. Staff make them; a signup that brings one is invited
 * at once when a seat is free, else put at the front of the queue. Issue 19:
 * only once its address is confirmed, and a refused code is told in one way.
 * Runs on PostgreSQL when TEST_DATABASE_URL is set, else on the embedded database.
 */

const ctx = useTestContext();

const db = () => ctx.database.db;
let sequence = 0;
const uniqueEmail = (label: string) => `${label}-${(sequence += 1)}-${Date.now()}@example.com`;

async function createCode(body: Record<string, unknown> = {}) {
  const admin = await signInAdmin(ctx);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/admin/invite-codes',
    headers: admin.headers,
    payload: body,
  });
}

async function newCode(body: Record<string, unknown> = {}) {
  const response = await createCode(body);
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string; code: string; state: string; redemptions: number }>();
}

const signUp = (overrides: Record<string, unknown> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/waitlist',
    payload: validWaitlistSignup({ email: uniqueEmail('coded'), ...overrides }),
  });

async function entryOf(email: string) {
  return db()
    .selectFrom('waitlistEntries as w')
    .leftJoin('betaParticipants as p', 'p.waitlistEntryId', 'w.id')
    .select(['w.id', 'w.queuePriorityAt', 'p.status as participantStatus'])
    .where(sql<boolean>`lower(w.email) = lower(${email})`)
    .executeTakeFirst();
}

async function templatesMailedTo(email: string): Promise<string[]> {
  const rows = await db()
    .selectFrom('emailOutbox')
    .select('templateId')
    .where(sql<boolean>`lower(to_email) = lower(${email})`)
    .execute();
  return rows.map((row) => row.templateId).sort();
}

/** Takes every free seat with active participants (no waitlist entries behind them). */
async function fillTheBeta(): Promise<string[]> {
  const held = await db()
    .selectFrom('betaParticipants')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', '!=', 'inactive')
    .executeTakeFirstOrThrow();
  const free = 100 - Number(held.count);
  if (free <= 0) return [];
  const rows = await db()
    .insertInto('betaParticipants')
    .values(
      Array.from({ length: free }, (_, index) => ({
        firstName: 'Seat',
        lastName: `Holder ${index}`,
        email: `seat-${index}-${Date.now()}@example.com`,
        status: 'active' as const,
        invitedAt: new Date(),
        acceptedAt: new Date(),
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

async function emptyTheBeta(ids: string[]): Promise<void> {
  if (ids.length > 0) await db().deleteFrom('betaParticipants').where('id', 'in', ids).execute();
}

describe('invite codes in the console', () => {
  it('creates a random single-use code, lists it and shows its state', async () => {
    const code = await newCode({ note: 'Conference booth' });
    expect(code.code).toMatch(/^[A-Z0-9]{8}$/);
    expect(code).toMatchObject({ state: 'active', redemptions: 0, maxRedemptions: 1 });
    const admin = await signInAdmin(ctx);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/invite-codes',
      headers: admin.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toContainEqual(
      expect.objectContaining({ id: code.id, note: 'Conference booth' }),
    );
  });

  it('refuses a taken code in any case, a bad limit and a past expiry, and stores nothing', async () => {
    await newCode({ code: 'LAUNCHWEEK' });
    const duplicate = await createCode({ code: 'launchweek' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().type).toBe('duplicate_invite_code');
    for (const body of [
      { maxRedemptions: 0 },
      { maxRedemptions: 1.5 },
      { maxRedemptions: 10_001 },
      { expiresAt: '2020-01-01T00:00:00Z' },
      { expiresAt: 'tomorrow' },
      { code: 'has space' },
      { code: 'x' },
    ]) {
      const response = await createCode(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

/**
 * Opens the address's confirmation link, as its owner would: a token of the
 * test's own is set on the entry (the mail's link is not read here), then
 * posted to POST /api/waitlist/confirm.
 */
async function confirmAddress(email: string) {
  const token = randomBytes(32).toString('base64url');
  await db()
    .updateTable('waitlistEntries')
    .set({ confirmationTokenHash: sha256(token), confirmationSentAt: new Date() })
    .where(sql<boolean>`lower(email) = lower(${email})`)
    .execute();
  return ctx.app.inject({ method: 'POST', url: '/api/waitlist/confirm', payload: { token } });
}

async function usesOf(id: string): Promise<number> {
  const row = await db()
    .selectFrom('inviteCodes')
    .select('redemptions')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.redemptions;
}

async function seatsTaken(): Promise<number> {
  const row = await db()
    .selectFrom('betaParticipants')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', '!=', 'inactive')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('redeeming a code', () => {
  it('holds no seat until the address is confirmed; the confirmation invites at once when a seat is free', async () => {
    const { code, id } = await newCode();
    const email = uniqueEmail('lucky');
    const response = await signUp({ email, inviteCode: code.toLowerCase() });
    expect(response.statusCode).toBe(201);
    expect(response.json().invite).toEqual({ outcome: 'pending' });
    // Stored unconfirmed with the code, the confirmation mailed as for any signup.
    const before = await db()
      .selectFrom('waitlistEntries')
      .select(['confirmedAt', 'pendingInviteCodeId'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(before).toEqual({ confirmedAt: null, pendingInviteCodeId: id });
    expect((await entryOf(email))?.participantStatus).toBeNull();
    expect(await templatesMailedTo(email)).toEqual(['waitlist-welcome']);
    expect(await usesOf(id)).toBe(0);

    const confirmed = await confirmAddress(email);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ state: 'invited', position: null });
    expect((await entryOf(email))?.participantStatus).toBe('invited');
    expect(await templatesMailedTo(email)).toEqual(['beta-invitation', 'waitlist-welcome']);
    expect(await usesOf(id)).toBe(1);

    const admin = await signInAdmin(ctx);
    const redemptions = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/invite-codes/${id}/redemptions`,
      headers: admin.headers,
    });
    expect(redemptions.json().items).toEqual([
      expect.objectContaining({ outcome: 'approved', email }),
    ]);
  });

  it('lets no seat be squatted: 40 unconfirmed signups with one multi-use code take no seat and no use', async () => {
    const { code, id } = await newCode({ maxRedemptions: 100 });
    const seatsBefore = await seatsTaken();
    const emails = Array.from({ length: 40 }, () => uniqueEmail('squatter'));
    for (let batch = 0; batch < emails.length; batch += 10) {
      const responses = await Promise.all(
        emails.slice(batch, batch + 10).map((email) => signUp({ email, inviteCode: code })),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(201));
    }
    expect(await seatsTaken()).toBe(seatsBefore);
    expect(await usesOf(id)).toBe(0);
    // The code is still whole for the person who confirms.
    const real = uniqueEmail('real');
    expect((await signUp({ email: real, inviteCode: code })).statusCode).toBe(201);
    expect((await confirmAddress(real)).json().state).toBe('invited');
    expect(await seatsTaken()).toBe(seatsBefore + 1);
    expect(await usesOf(id)).toBe(1);
  });

  it('answers an unknown, used-up, expired and disabled code alike, and keeps nothing of the signup', async () => {
    const usedUp = await newCode();
    const first = uniqueEmail('first');
    expect((await signUp({ email: first, inviteCode: usedUp.code })).statusCode).toBe(201);
    expect((await confirmAddress(first)).statusCode).toBe(200);
    expect(await usesOf(usedUp.id)).toBe(1);
    const expired = await newCode({ maxRedemptions: 5 });
    await db()
      .updateTable('inviteCodes')
      .set({ expiresAt: sql<Date>`now() - interval '1 minute'` })
      .where('id', '=', expired.id)
      .execute();
    const disabled = await newCode({ maxRedemptions: 5 });
    const admin = await signInAdmin(ctx);
    const disabling = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/invite-codes/${disabled.id}`,
      headers: admin.headers,
      payload: { disabled: true },
    });
    expect(disabling.json().state).toBe('disabled');

    const answers = [];
    for (const inviteCode of ['NOSUCHCODE', usedUp.code, expired.code, disabled.code]) {
      const email = uniqueEmail('refused');
      const response = await signUp({ email, inviteCode });
      answers.push({ status: response.statusCode, body: response.json() });
      expect(await entryOf(email)).toBeUndefined();
      expect(await templatesMailedTo(email)).toEqual([]);
    }
    const refusal = {
      status: 400,
      body: {
        message: INVITE_CODE_MESSAGES.invalid,
        type: 'invalid_invite_code',
        issues: [{ path: 'inviteCode', message: INVITE_CODE_MESSAGES.invalid }],
      },
    };
    expect(answers).toEqual([refusal, refusal, refusal, refusal]);
    // Staff still see why each one is refused.
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/invite-codes',
      headers: admin.headers,
    });
    const stateOf = (codeId: string) =>
      list.json().items.find((item: { id: string }) => item.id === codeId)?.state;
    expect([usedUp.id, expired.id, disabled.id].map(stateOf)).toEqual([
      'used_up',
      'expired',
      'disabled',
    ]);
    // A malformed code is the schema's 400, on the same field.
    const malformed = await signUp({ inviteCode: '<bad code>' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      type: 'validation_error',
      issues: [{ path: 'inviteCode' }],
    });
  });

  it('takes a disabled code again once it is enabled, and audits both', async () => {
    const { code, id } = await newCode({ maxRedemptions: 5 });
    const admin = await signInAdmin(ctx);
    const disable = (disabled: boolean) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/admin/invite-codes/${id}`,
        headers: admin.headers,
        payload: { disabled },
      });
    expect((await disable(true)).json().state).toBe('disabled');
    expect((await signUp({ inviteCode: code })).statusCode).toBe(400);
    expect((await disable(false)).json().state).toBe('active');
    expect((await signUp({ inviteCode: code })).statusCode).toBe(201);
    const audit = await db()
      .selectFrom('auditLog')
      .select('action')
      .where('targetId', '=', id)
      .execute();
    expect(audit.map((row) => row.action).sort()).toEqual([
      'invite_code.create',
      'invite_code.disable',
      'invite_code.enable',
    ]);
  });

  it('counts a multi-use code at confirmation: exactly its limit, however many confirm at once; the rest join the queue', async () => {
    const { code, id } = await newCode({ maxRedemptions: 3 });
    const emails = Array.from({ length: 8 }, () => uniqueEmail('many'));
    for (const email of emails) {
      expect((await signUp({ email, inviteCode: code })).statusCode).toBe(201);
    }
    expect(await usesOf(id)).toBe(0);
    const confirmations = await Promise.all(emails.map((email) => confirmAddress(email)));
    expect(confirmations.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
    const states = confirmations.map((response) => response.json().state as string).sort();
    expect(states).toEqual([
      'invited',
      'invited',
      'invited',
      'queued',
      'queued',
      'queued',
      'queued',
      'queued',
    ]);
    expect(await usesOf(id)).toBe(3);
    // The code no longer helps the five who came too late: no priority, no pending code.
    const late = await db()
      .selectFrom('waitlistEntries')
      .select(['queuePriorityAt', 'pendingInviteCodeId', 'confirmedAt'])
      .where('email', 'in', emails)
      .where('id', 'not in', (eb) =>
        eb
          .selectFrom('betaParticipants')
          .select('waitlistEntryId')
          .where('waitlistEntryId', 'is not', null)
          .$narrowType<{ waitlistEntryId: string }>(),
      )
      .execute();
    expect(late).toHaveLength(5);
    for (const row of late) {
      expect(row).toMatchObject({ queuePriorityAt: null, pendingInviteCodeId: null });
      expect(row.confirmedAt).toBeInstanceOf(Date);
    }
  });

  it('puts the person at the front of the queue when the beta is full, once confirmed', async () => {
    const seats = await fillTheBeta();
    try {
      // Someone confirmed long before.
      const early = uniqueEmail('early');
      expect((await signUp({ email: early })).statusCode).toBe(201);
      expect((await confirmAddress(early)).statusCode).toBe(200);
      const { code } = await newCode();
      const email = uniqueEmail('front');
      const response = await signUp({ email, inviteCode: code });
      expect(response.statusCode).toBe(201);
      expect(response.json().invite).toEqual({ outcome: 'pending' });
      expect((await entryOf(email))?.queuePriorityAt).toBeNull();
      const confirmed = await confirmAddress(email);
      expect(confirmed.json()).toMatchObject({ state: 'queued', position: 1, ahead: 0 });
      const entry = await entryOf(email);
      expect(entry?.participantStatus).toBeNull();
      expect(entry?.queuePriorityAt).toBeInstanceOf(Date);
      expect(await templatesMailedTo(email)).toEqual(['waitlist-welcome']);
      const admin = await signInAdmin(ctx);
      const list = await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/waitlist?sortBy=position&sortOrder=asc&pageSize=5',
        headers: admin.headers,
      });
      expect(list.json().items[0]).toMatchObject({ id: entry!.id, position: 1 });
    } finally {
      await emptyTheBeta(seats);
    }
  });

  it('redeems at once for a confirmed address already on the list', async () => {
    const email = uniqueEmail('listed');
    expect((await signUp({ email })).statusCode).toBe(201);
    expect((await confirmAddress(email)).statusCode).toBe(200);
    const { code } = await newCode();
    const response = await signUp({ email, inviteCode: code });
    expect(response.statusCode).toBe(200);
    expect(response.json().invite).toEqual({ outcome: 'approved' });
    expect((await entryOf(email))?.participantStatus).toBe('invited');
    // A second code does nothing more for them, and is not used up.
    const second = await newCode();
    expect((await signUp({ email, inviteCode: second.code })).statusCode).toBe(409);
    expect(await usesOf(second.id)).toBe(0);
  });

  it('waits for the confirmation of an unconfirmed address already on the list', async () => {
    const email = uniqueEmail('listed-unconfirmed');
    expect((await signUp({ email })).statusCode).toBe(201);
    const { code, id } = await newCode();
    const response = await signUp({ email, inviteCode: code });
    expect(response.statusCode).toBe(200);
    expect(response.json().invite).toEqual({ outcome: 'pending' });
    expect((await entryOf(email))?.participantStatus).toBeNull();
    expect(await usesOf(id)).toBe(0);
    expect((await confirmAddress(email)).json().state).toBe('invited');
    expect(await usesOf(id)).toBe(1);
  });
});
