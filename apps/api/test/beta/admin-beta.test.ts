import type { BetaParticipant, BetaParticipantList } from '@repo/validation';
import { BETA_CAP } from '@repo/validation';
import { describe, expect, it } from 'vitest';
import { useAdminContext } from '../helpers/use-context';
import { ALREADY_APPROVED_MESSAGE, BETA_FULL_MESSAGE } from '../../src/routes/api/admin/beta';
import { seedWaitlist } from '../helpers/admin';

const { ctx, admin } = useAdminContext();

const post = (url: string) => ctx.app.inject({ method: 'POST', url, headers: admin.headers });

async function outboxFor(email: string) {
  return ctx.database.db
    .selectFrom('emailOutbox')
    .selectAll()
    .where('toEmail', '=', email)
    .orderBy('createdAt')
    .execute();
}

async function participantCount() {
  const row = await ctx.database.db
    .selectFrom('betaParticipants')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('POST /api/admin/beta/approve/:id', () => {
  it('creates the participant, invited and holding a seat, and queues the invitation', async () => {
    const [id] = await seedWaitlist(ctx, 1, () => ({
      firstName: 'Grace',
      email: 'grace@example.com',
    }));
    const response = await post(`/api/admin/beta/approve/${id}`);
    expect(response.statusCode).toBe(201);
    const { participant, messageId } = response.json<{
      participant: BetaParticipant;
      messageId: string;
    }>();
    expect(participant).toEqual({
      id: expect.any(String),
      waitlistEntryId: id,
      firstName: 'Grace',
      lastName: 'Last0',
      email: 'grace@example.com',
      // Issue 11: an invitation holds a seat until it is accepted or lapses.
      status: 'invited',
      invitedAt: expect.stringMatching(/Z$/),
      lastActiveAt: null,
      invitationExpiresAt: expect.stringMatching(/Z$/),
      acceptedAt: null,
    });
    const [invitation] = await outboxFor('grace@example.com');
    expect(invitation).toMatchObject({
      id: messageId,
      templateId: 'beta-invitation',
      stream: 'outbound',
      status: 'captured',
    });
    expect(invitation!.subject).toContain('Grace');
    expect(invitation!.textBody).toContain(`${BETA_CAP} testers`);

    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/waitlist',
      headers: admin.headers,
    });
    const entry = list.json().items.find((item: { id: string }) => item.id === id);
    expect(entry.participantId).toBe(participant.id);
  });

  it('answers 409 already_approved the second time, creating nothing more, even when both race', async () => {
    const [id] = await seedWaitlist(ctx, 1, () => ({ email: 'twice@example.com' }));
    const responses = await Promise.all([1, 2, 3].map(() => post(`/api/admin/beta/approve/${id}`)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json()).toEqual({
        message: ALREADY_APPROVED_MESSAGE,
        type: 'already_approved',
      });
    }
    const again = await post(`/api/admin/beta/approve/${id}`);
    expect(again.statusCode).toBe(409);
    const rows = await ctx.database.db
      .selectFrom('betaParticipants')
      .select('id')
      .where('waitlistEntryId', '=', id!)
      .execute();
    expect(rows).toHaveLength(1);
    expect(await outboxFor('twice@example.com')).toHaveLength(1);
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['an id that is not a UUID', 'not-a-uuid'],
    ['an SQL-looking id', "1'%20or%20'1'='1"],
  ])('answers 404 to %s', async (_label, id) => {
    const response = await post(`/api/admin/beta/approve/${id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Waitlist entry not found', type: 'not_found' });
  });
});

describe('GET /api/admin/beta/participants', () => {
  it('lists participants newest first, with the cap', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/beta/participants',
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<BetaParticipantList>();
    expect(body.cap).toBe(BETA_CAP);
    expect(body.participants.map((participant) => participant.email)).toEqual([
      'twice@example.com',
      'grace@example.com',
    ]);
  });
});

describe('PATCH /api/admin/beta/participants/:id', () => {
  it('deactivates and reactivates a participant', async () => {
    // An accepted invitation (issue 11: invitations themselves are not flipped here).
    const participant = await ctx.database.db
      .updateTable('betaParticipants')
      .set({ status: 'active', acceptedAt: new Date() })
      .where('email', '=', 'twice@example.com')
      .returning('id')
      .executeTakeFirst();
    const patch = (status: unknown) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/admin/beta/participants/${participant!.id}`,
        headers: admin.headers,
        payload: { status },
      });
    const off = await patch('inactive');
    expect(off.statusCode).toBe(200);
    expect(off.json<BetaParticipant>()).toMatchObject({ id: participant!.id, status: 'inactive' });
    const on = await patch('active');
    expect(on.json<BetaParticipant>().status).toBe('active');
    const bad = await patch('banned');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([
      { path: 'status', message: 'Status must be active or inactive' },
    ]);
  });

  it('answers 404 to an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'x']) {
      const response = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/admin/beta/participants/${id}`,
        headers: admin.headers,
        payload: { status: 'active' },
      });
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('resending the invitation and the waitlist update', () => {
  it('queues another invitation for a participant', async () => {
    const participant = await ctx.database.db
      .selectFrom('betaParticipants')
      .selectAll()
      .where('email', '=', 'grace@example.com')
      .executeTakeFirstOrThrow();
    const response = await post(`/api/admin/beta/resend-invite/${participant.id}`);
    expect(response.statusCode).toBe(202);
    const mail = await outboxFor('grace@example.com');
    expect(mail).toHaveLength(2);
    expect(mail[1]).toMatchObject({ id: response.json().messageId, templateId: 'beta-invitation' });
    expect(
      (await post('/api/admin/beta/resend-invite/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
  });

  it("queues the 'Hang Tight' update for a waitlist entry", async () => {
    const [id] = await seedWaitlist(ctx, 1, () => ({
      email: 'waiting@example.com',
      firstName: 'Wendy',
    }));
    const response = await post(`/api/admin/beta/send-waitlist-update/${id}`);
    expect(response.statusCode).toBe(202);
    const [mail] = await outboxFor('waiting@example.com');
    expect(mail).toMatchObject({
      id: response.json().messageId,
      templateId: 'waitlist-update',
      stream: 'outbound',
    });
    expect(mail!.subject).toContain('Hang tight, Wendy');
    expect((await post('/api/admin/beta/send-waitlist-update/nope')).statusCode).toBe(404);
  });
});

describe('the beta cap', () => {
  it(`holds at ${BETA_CAP} when 150 approvals race, and the rest get 409 beta_full`, async () => {
    const before = await participantCount();
    const ids = await seedWaitlist(ctx, 150);
    const responses = await Promise.all(ids.map((id) => post(`/api/admin/beta/approve/${id}`)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(BETA_CAP - before);
    const refused = responses.filter((response) => response.statusCode === 409);
    expect(refused).toHaveLength(150 - (BETA_CAP - before));
    for (const response of refused) {
      expect(response.json()).toEqual({ message: BETA_FULL_MESSAGE, type: 'beta_full' });
    }
    expect(BETA_FULL_MESSAGE).toBe('The beta is full: all 100 places are taken');
    expect(await participantCount()).toBe(BETA_CAP);
    // Every participant got exactly one invitation from an approval; refused approvals queued nothing.
    const invitations = await ctx.database.db
      .selectFrom('emailOutbox')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('templateId', '=', 'beta-invitation')
      .executeTakeFirstOrThrow();
    // +1: the resent invitation above.
    expect(Number(invitations.count)).toBe(BETA_CAP + 1);
  });
});
