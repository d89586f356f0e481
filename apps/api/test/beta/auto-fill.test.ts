import { BETA_CAP } from '@repo/validation';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { expireLapsedInvitations } from '../../src/beta/invitation-expiry';
import { seedWaitlist } from '../helpers/admin';
import {
  useSeatContext,
  confirmEntries,
  insertParticipants,
  invitationTokenMailedTo,
  seatsHeld,
} from '../helpers/seats';

/** Issue 11, auto-fill: a freed seat goes to the next confirmed person in the queue. */
const { ctx, admin, approve, setStatus } = useSeatContext();

const setAutoFill = (enabled: unknown) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/admin/settings/auto-fill',
    headers: admin.headers,
    payload: { enabled },
  });

/** Entries in queue order (oldest signup first); `confirmed` says which addresses are confirmed. */
async function queue(confirmed: boolean[]): Promise<string[]> {
  const ids = await seedWaitlist(ctx, confirmed.length, (index) => ({
    email: `queue-${index}-${Math.random().toString(36).slice(2, 6)}@example.com`,
  }));
  await confirmEntries(
    ctx,
    ids.filter((_, index) => confirmed[index]),
  );
  return ids;
}

async function emailOf(entryId: string): Promise<string> {
  const row = await ctx.database.db
    .selectFrom('waitlistEntries')
    .select('email')
    .where('id', '=', entryId)
    .executeTakeFirstOrThrow();
  return row.email;
}

/** Entry ids holding an invitation, in no particular order. */
async function invitedEntries(): Promise<string[]> {
  const rows = await ctx.database.db
    .selectFrom('betaParticipants')
    .select('waitlistEntryId')
    .where('status', '=', 'invited')
    .execute();
  return rows.map((row) => row.waitlistEntryId!).filter(Boolean);
}

describe('the auto-fill switch (GET/PUT /api/admin/settings/auto-fill)', () => {
  it('is off by default; turning it on and off is stored and audited', async () => {
    const initial = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/settings/auto-fill',
      headers: admin.headers,
    });
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toEqual({ enabled: false, updatedAt: null });

    const on = await setAutoFill(true);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ enabled: true, updatedAt: expect.stringMatching(/Z$/) });
    const row = await ctx.database.db
      .selectFrom('appSettings')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ key: 'beta.autoFill', value: true, updatedBy: admin.userId });
    expect((await setAutoFill(false)).json()).toMatchObject({ enabled: false });
    const audit = await ctx.database.db
      .selectFrom('auditLog')
      .select(['details', 'actorLabel'])
      .where('action', '=', 'settings.auto_fill')
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.details)).toEqual([{ enabled: true }, { enabled: false }]);
    expect(audit[0]!.actorLabel).toBe('staff-admin');
  });

  it('answers 400 to a value that is not a boolean', async () => {
    const response = await setAutoFill('yes');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('enabled must be true or false');
  });

  it('fills the seats already free when it is turned on', async () => {
    await insertParticipants(ctx, BETA_CAP - 2, 'active');
    const ids = await queue([true, true, true]);
    const on = await setAutoFill(true);
    expect(on.json()).toMatchObject({ enabled: true, invited: 2 });
    expect((await invitedEntries()).sort()).toEqual([ids[0], ids[1]].sort());
    expect(await seatsHeld(ctx)).toBe(BETA_CAP);
  });
});

describe('when a seat frees', () => {
  it('invites nobody while the switch is off', async () => {
    const [first] = await insertParticipants(ctx, BETA_CAP, 'active');
    await queue([true]);
    expect((await setStatus(first!, 'inactive')).statusCode).toBe(200);
    expect(await invitedEntries()).toEqual([]);
    expect(await seatsHeld(ctx)).toBe(BETA_CAP - 1);
  });

  it('a deactivation invites the next confirmed person in queue order, with the invitation mailed', async () => {
    const [first] = await insertParticipants(ctx, BETA_CAP, 'active');
    // The oldest signup is unconfirmed: no place in the queue, never auto-invited.
    const ids = await queue([false, true, true]);
    await setAutoFill(true);
    expect((await setStatus(first!, 'inactive')).statusCode).toBe(200);
    expect(await invitedEntries()).toEqual([ids[1]]);
    const invited = await ctx.database.db
      .selectFrom('betaParticipants')
      .selectAll()
      .where('waitlistEntryId', '=', ids[1]!)
      .executeTakeFirstOrThrow();
    expect(invited.invitationTokenHash).toMatch(/^[0-9a-f]{64}$/);
    const mail = await ctx.database.db
      .selectFrom('emailOutbox')
      .select(['toEmail', 'textBody'])
      .where('templateId', '=', 'beta-invitation')
      .execute();
    expect(mail).toEqual([
      { toEmail: invited.email, textBody: expect.stringContaining('/beta/accept?token=') },
    ]);
    const audit = await ctx.database.db
      .selectFrom('auditLog')
      .select(['actorLabel', 'targetId'])
      .where('action', '=', 'waitlist.auto_invite')
      .where('targetId', 'in', ids)
      .execute();
    expect(audit).toEqual([{ actorLabel: 'auto-fill', targetId: ids[1] }]);
    expect(await seatsHeld(ctx)).toBe(BETA_CAP);
  });

  it('an expiry invites the next person, passing over the one whose invitation lapsed', async () => {
    await insertParticipants(ctx, BETA_CAP - 1, 'active');
    const ids = await queue([true, true, true]);
    // The front of the queue is invited by hand, and lets the invitation lapse.
    expect((await approve(ids[0]!)).statusCode).toBe(201);
    await setAutoFill(true);
    await ctx.database.db
      .updateTable('betaParticipants')
      .set({ invitationExpiresAt: sql<Date>`now() - interval '1 minute'` })
      .where('waitlistEntryId', '=', ids[0]!)
      .execute();
    const result = await expireLapsedInvitations(ctx.database.db, {
      mailer: ctx.app.mailer,
      config: ctx.config,
    });
    expect(result).toEqual({ expired: 1, invited: 1 });
    expect(await invitedEntries()).toEqual([ids[1]]);
    expect(await seatsHeld(ctx)).toBe(BETA_CAP);
  });

  it("a lapsed invitation's own link frees its seat for the next person", async () => {
    await insertParticipants(ctx, BETA_CAP - 1, 'active');
    const ids = await queue([true, true]);
    expect((await approve(ids[0]!)).statusCode).toBe(201);
    const token = await invitationTokenMailedTo(ctx, await emailOf(ids[0]!));
    await setAutoFill(true);
    await ctx.database.db
      .updateTable('betaParticipants')
      .set({ invitationExpiresAt: sql<Date>`now() - interval '1 minute'` })
      .where('waitlistEntryId', '=', ids[0]!)
      .execute();
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/beta/invitations/accept',
      payload: { token },
    });
    expect(answer.statusCode).toBe(410);
    expect(await invitedEntries()).toEqual([ids[1]]);
    expect(await seatsHeld(ctx)).toBe(BETA_CAP);
  });

  it('invites nobody when nobody confirmed is waiting', async () => {
    const [first] = await insertParticipants(ctx, BETA_CAP, 'active');
    await queue([false, false]);
    await setAutoFill(true);
    expect((await setStatus(first!, 'inactive')).statusCode).toBe(200);
    expect(await seatsHeld(ctx)).toBe(BETA_CAP - 1);
  });
});

describe('the cap under auto-fill', () => {
  it(`ends with exactly ${BETA_CAP} seats held when 10 seats free while 50 approvals race`, async () => {
    // 10 seats free, and the switch already on (set directly: turning it on would fill them).
    const actives = await insertParticipants(ctx, BETA_CAP - 10, 'active');
    const ids = await queue(Array.from({ length: 60 }, () => true));
    await ctx.database.db
      .insertInto('appSettings')
      .values({ key: 'beta.autoFill', value: JSON.stringify(true) })
      .execute();
    // The approvals race for the very people auto-fill invites (the front of the queue),
    // and for the free seats; the deactivations free ten more.
    const requests = [
      ...actives.slice(0, 10).map((id) => setStatus(id, 'inactive')),
      ...ids.slice(0, 50).map((id) => approve(id)),
    ];
    const answers = await Promise.all(requests);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => 200));
    for (const answer of answers.slice(10)) {
      expect([201, 409]).toContain(answer.statusCode);
      if (answer.statusCode === 409) {
        expect(['beta_full', 'already_approved']).toContain(answer.json().type);
      }
    }
    expect(await seatsHeld(ctx)).toBe(BETA_CAP);
    // 80 testers remain active: 20 invitations, one per person, each mailed once.
    const invitations = await ctx.database.db
      .selectFrom('betaParticipants')
      .select(['waitlistEntryId', 'email'])
      .where('status', '=', 'invited')
      .execute();
    expect(invitations).toHaveLength(20);
    expect(new Set(invitations.map((row) => row.waitlistEntryId)).size).toBe(20);
    const mailed = await ctx.database.db
      .selectFrom('emailOutbox')
      .select('toEmail')
      .where('templateId', '=', 'beta-invitation')
      .execute();
    expect(mailed.map((row) => row.toEmail).sort()).toEqual(
      invitations.map((row) => row.email).sort(),
    );
  });
});
