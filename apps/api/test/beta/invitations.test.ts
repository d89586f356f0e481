import { INVITATION_LINK_MESSAGE } from '@repo/validation';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useAdminContext } from '../helpers/use-context';
import { expireLapsedInvitations } from '../../src/beta/invitation-expiry';
import {
  INVITATION_ACCEPTED_MESSAGE,
  INVITATION_EXPIRED_MESSAGE,
  INVITATION_NOT_FOUND_MESSAGE,
} from '../../src/routes/api/beta';
import { seedWaitlist } from '../helpers/admin';
import { invitationTokenMailedTo, seatsHeld } from '../helpers/seats';
import { createTestContext } from '../helpers/test-app';

/** Issue 11: the public accept route behind the site's /beta/accept page. */
const { ctx, admin } = useAdminContext();

const accept = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/beta/invitations/accept', payload });

/** A waitlist entry (unconfirmed address) approved by staff: its participant and mailed token. */
async function invite(firstName = 'Ada') {
  const email = `${firstName.toLowerCase()}-${Math.random().toString(36).slice(2)}@example.com`;
  const [entryId] = await seedWaitlist(ctx, 1, () => ({ email, firstName }));
  const approved = await ctx.app.inject({
    method: 'POST',
    url: `/api/admin/beta/approve/${entryId}`,
    headers: admin.headers,
  });
  expect(approved.statusCode).toBe(201);
  const participantId: string = approved.json().participant.id;
  return { entryId: entryId!, participantId, token: await invitationTokenMailedTo(ctx, email) };
}

const participant = (id: string) =>
  ctx.database.db
    .selectFrom('betaParticipants')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();

async function lapse(participantId: string) {
  await ctx.database.db
    .updateTable('betaParticipants')
    .set({ invitationExpiresAt: sql<Date>`now() - interval '1 second'` })
    .where('id', '=', participantId)
    .execute();
}

describe('POST /api/beta/invitations/accept', () => {
  it('turns the invitation into an active participant and confirms the address', async () => {
    const { entryId, participantId, token } = await invite('Grace');
    const before = await ctx.database.db
      .selectFrom('waitlistEntries')
      .select('confirmedAt')
      .where('id', '=', entryId)
      .executeTakeFirstOrThrow();
    expect(before.confirmedAt).toBeNull();

    const response = await accept({ token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: INVITATION_ACCEPTED_MESSAGE, firstName: 'Grace' });
    const row = await participant(participantId);
    expect(row).toMatchObject({ status: 'active', invitationTokenHash: null });
    expect(row!.acceptedAt).toBeInstanceOf(Date);
    expect(row!.lastActiveAt).toBeInstanceOf(Date);
    const entry = await ctx.database.db
      .selectFrom('waitlistEntries')
      .select('confirmedAt')
      .where('id', '=', entryId)
      .executeTakeFirstOrThrow();
    expect(entry.confirmedAt).toBeInstanceOf(Date);
    const audit = await ctx.database.db
      .selectFrom('auditLog')
      .select(['actorLabel', 'targetId'])
      .where('action', '=', 'participant.accept')
      .execute();
    expect(audit).toContainEqual({ actorLabel: 'anonymous', targetId: participantId });
  });

  it('keeps a confirmation that was already there', async () => {
    const { entryId, token } = await invite('Hedy');
    const confirmedAt = new Date('2026-01-02T03:04:05.000Z');
    await ctx.database.db
      .updateTable('waitlistEntries')
      .set({ confirmedAt })
      .where('id', '=', entryId)
      .execute();
    expect((await accept({ token })).statusCode).toBe(200);
    const entry = await ctx.database.db
      .selectFrom('waitlistEntries')
      .select('confirmedAt')
      .where('id', '=', entryId)
      .executeTakeFirstOrThrow();
    expect(entry.confirmedAt?.toISOString()).toBe(confirmedAt.toISOString());
  });

  it('is single use: the same link again answers 404 with a readable message', async () => {
    const { participantId, token } = await invite('Katherine');
    expect((await accept({ token })).statusCode).toBe(200);
    const acceptedAt = (await participant(participantId))!.acceptedAt;
    const replay = await accept({ token });
    expect(replay.statusCode).toBe(404);
    expect(replay.json()).toEqual({ message: INVITATION_NOT_FOUND_MESSAGE, type: 'not_found' });
    // A deactivated participant cannot use the old link to come back either.
    await ctx.database.db
      .updateTable('betaParticipants')
      .set({ status: 'inactive' })
      .where('id', '=', participantId)
      .execute();
    expect((await accept({ token })).statusCode).toBe(404);
    expect((await participant(participantId))!).toMatchObject({ status: 'inactive', acceptedAt });
  });

  it('accepts once when the link is opened twice at the same moment', async () => {
    const { token } = await invite('Dorothy');
    const answers = await Promise.all([accept({ token }), accept({ token }), accept({ token })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404, 404]);
  });

  it('refuses an expired invitation (410 invitation_expired) and frees its seat at once', async () => {
    const { entryId, participantId, token } = await invite('Mary');
    await lapse(participantId);
    const expired = await accept({ token });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({
      message: INVITATION_EXPIRED_MESSAGE,
      type: 'invitation_expired',
    });
    // Its own link noticed first: the invitation is removed, its entry is back in the queue.
    expect(await participant(participantId)).toBeUndefined();
    const entry = await ctx.database.db
      .selectFrom('waitlistEntries')
      .select('invitationExpiredAt')
      .where('id', '=', entryId)
      .executeTakeFirstOrThrow();
    expect(entry.invitationExpiredAt).toBeInstanceOf(Date);
    const audit = await ctx.database.db
      .selectFrom('auditLog')
      .select('actorLabel')
      .where('action', '=', 'participant.invitation_expired')
      .where('targetId', '=', participantId)
      .execute();
    expect(audit).toEqual([{ actorLabel: 'system' }]);
    // The link then names nothing.
    const again = await accept({ token });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(INVITATION_NOT_FOUND_MESSAGE);
  });

  it('refuses an invitation the expiry job removed (404)', async () => {
    const { participantId, token } = await invite('Annie');
    await lapse(participantId);
    await expireLapsedInvitations(ctx.database.db, { mailer: ctx.app.mailer, config: ctx.config });
    expect(await participant(participantId)).toBeUndefined();
    expect((await accept({ token })).statusCode).toBe(404);
  });

  it.each([
    ['no token', {}],
    ['a short token', { token: 'abc' }],
    ['a token with other characters', { token: `${'a'.repeat(30)}'; drop table x` }],
    ['a token that is not a string', { token: 123456789012345 }],
  ])('answers 400 to %s', async (_label, payload) => {
    const response = await accept(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: INVITATION_LINK_MESSAGE,
      type: 'validation_error',
    });
  });

  it('answers 404 to a well-formed token nobody was sent', async () => {
    const response = await accept({ token: 'x'.repeat(43) });
    expect(response.statusCode).toBe(404);
  });

  it('never accepts through a GET (mail scanners follow links)', async () => {
    const { participantId, token } = await invite('Frances');
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/beta/invitations/accept?token=${token}`,
    });
    expect(response.statusCode).toBe(404);
    expect(await participant(participantId)).toMatchObject({ status: 'invited' });
  });

  // Last: it fills every seat.
  it('does not let an accept of a lapsed invitation push the beta past the cap', async () => {
    const { participantId, token } = await invite('Radia');
    await lapse(participantId);
    // The lapsed seat is free: fill every seat.
    const held = await seatsHeld(ctx);
    const ids = await seedWaitlist(ctx, 100 - held);
    for (const id of ids) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/beta/approve/${id}`,
        headers: admin.headers,
      });
      expect(response.statusCode).toBe(201);
    }
    expect((await accept({ token })).statusCode).toBe(410);
    expect(await seatsHeld(ctx)).toBe(100);
  });
});

describe('the accept route under its rate limit', () => {
  it('answers 429 past RATE_LIMIT_FORMS_MAX a minute', async () => {
    const limited = await createTestContext({
      RATE_LIMIT_ENABLED: 'true',
      RATE_LIMIT_FORMS_MAX: '2',
    });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/beta/invitations/accept',
          payload: { token: 'y'.repeat(43) },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});
