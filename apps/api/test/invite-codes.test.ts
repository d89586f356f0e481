import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from './helpers/admin';
import { createTestContext, type TestContext, validWaitlistSignup } from './helpers/test-app';

/*
 * Issue 11: invite codes. Staff make them; a signup that brings one is invited
 * at once when a seat is free, else put at the front of the queue.
 * Runs on PostgreSQL when TEST_DATABASE_URL is set, else on the embedded database.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

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

describe('redeeming a code', () => {
  it('invites at once when a seat is free: no queue, the invitation instead of the confirmation', async () => {
    const { code, id } = await newCode();
    const email = uniqueEmail('lucky');
    const response = await signUp({ email, inviteCode: code.toLowerCase() });
    expect(response.statusCode).toBe(201);
    expect(response.json().invite).toEqual({ outcome: 'approved' });
    expect((await entryOf(email))?.participantStatus).toBe('invited');
    expect(await templatesMailedTo(email)).toEqual(['beta-invitation']);

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

  it('refuses a used single-use code, an unknown one and a malformed one, and keeps nothing of the signup', async () => {
    const { code } = await newCode();
    expect((await signUp({ inviteCode: code })).statusCode).toBe(201);
    for (const [inviteCode, status, type] of [
      [code, 409, 'invite_code_used_up'],
      ['NOSUCHCODE', 400, 'invalid_invite_code'],
      ['<bad code>', 400, 'validation_error'],
    ] as const) {
      const email = uniqueEmail('refused');
      const response = await signUp({ email, inviteCode });
      expect(response.statusCode, inviteCode).toBe(status);
      expect(response.json().type).toBe(type);
      expect(await entryOf(email)).toBeUndefined();
      expect(await templatesMailedTo(email)).toEqual([]);
    }
  });

  it('refuses a disabled code until it is enabled again, and an expired one', async () => {
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

    await db()
      .updateTable('inviteCodes')
      .set({ expiresAt: sql<Date>`now() - interval '1 minute'` })
      .where('id', '=', id)
      .execute();
    const expired = await signUp({ inviteCode: code });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().type).toBe('invite_code_expired');
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

  it('lets a multi-use code be used exactly its limit, however many redeem it at once', async () => {
    const { code, id } = await newCode({ maxRedemptions: 3 });
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => signUp({ inviteCode: code })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    const row = await db()
      .selectFrom('inviteCodes')
      .select('redemptions')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.redemptions).toBe(3);
  });

  it('puts the person at the front of the queue when the beta is full', async () => {
    const seats = await fillTheBeta();
    try {
      // Someone confirmed long before.
      const early = uniqueEmail('early');
      expect((await signUp({ email: early })).statusCode).toBe(201);
      await db()
        .updateTable('waitlistEntries')
        .set({ confirmedAt: new Date() })
        .where(sql<boolean>`lower(email) = lower(${early})`)
        .execute();
      const { code } = await newCode();
      const email = uniqueEmail('front');
      const response = await signUp({ email, inviteCode: code });
      expect(response.statusCode).toBe(201);
      expect(response.json().invite).toEqual({ outcome: 'queued' });
      const entry = await entryOf(email);
      expect(entry?.participantStatus).toBeNull();
      expect(entry?.queuePriorityAt).toBeInstanceOf(Date);
      // Not confirmed yet: a confirmation is on its way, and no invitation.
      expect(await templatesMailedTo(email)).toEqual(['waitlist-welcome']);
      await db()
        .updateTable('waitlistEntries')
        .set({ confirmedAt: new Date() })
        .where('id', '=', entry!.id)
        .execute();
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

  it('counts for someone already on the list who brings a code', async () => {
    const email = uniqueEmail('listed');
    expect((await signUp({ email })).statusCode).toBe(201);
    const { code } = await newCode();
    const response = await signUp({ email, inviteCode: code });
    expect(response.statusCode).toBe(200);
    expect(response.json().invite).toEqual({ outcome: 'approved' });
    expect((await entryOf(email))?.participantStatus).toBe('invited');
    // A second code does nothing more for them, and is not used up.
    const second = await newCode();
    expect((await signUp({ email, inviteCode: second.code })).statusCode).toBe(409);
    const row = await db()
      .selectFrom('inviteCodes')
      .select('redemptions')
      .where('id', '=', second.id)
      .executeTakeFirstOrThrow();
    expect(row.redemptions).toBe(0);
  });
});
