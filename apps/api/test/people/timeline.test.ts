import { describe, expect, it } from 'vitest';
import { useAdminContext } from '../helpers/use-context';
import { confirmByMail } from '../helpers/link-tokens';
import { validWaitlistSignup } from '../helpers/test-app';

/*
 * The person timeline (issue 12) shows every event that issue lists; issue 20
 * adds the two it lacked: the address confirmed (double opt-in) and each
 * referral credited.
 */

const { ctx, admin } = useAdminContext();

interface Event {
  at: string;
  kind: string;
  title: string;
  detail: string | null;
  ref: { type: string; id: string } | null;
}

async function timelineOf(email: string): Promise<{ name: string | null; events: Event[] }> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/admin/people/timeline?email=${encodeURIComponent(email)}`,
    headers: admin.headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function signUp(fields: Record<string, unknown>): Promise<void> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/waitlist',
    payload: validWaitlistSignup(fields),
  });
  expect(response.statusCode).toBe(201);
}

const entryOf = (email: string) =>
  ctx.database.db
    .selectFrom('waitlistEntries')
    .select(['id', 'referralCode', 'confirmedAt'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();

describe('GET /api/admin/people/timeline', () => {
  const ada = 'ada-timeline@example.com';
  const grace = 'grace-timeline@example.com';
  const alan = 'alan-timeline@example.com';

  it('shows the signup, the confirmation and each referral credited, newest first', async () => {
    await signUp({ email: ada, firstName: 'Ada', lastName: 'Lovelace' });
    await confirmByMail(ctx, ada);
    const { referralCode, id: adaId } = await entryOf(ada);
    // Two friends through Ada's link: one confirms (credited), one never does.
    await signUp({ email: grace, firstName: 'Grace', lastName: 'Hopper', referralCode });
    await signUp({ email: alan, firstName: 'Alan', lastName: 'Turing', referralCode });
    await confirmByMail(ctx, grace);
    const graceEntry = await entryOf(grace);

    const { name, events } = await timelineOf(ada);
    expect(name).toBe('Ada Lovelace');
    const own = events.filter((event) =>
      ['signup', 'confirmation', 'referral'].includes(event.kind),
    );
    expect(own.map(({ kind, title, ref }) => ({ kind, title, ref }))).toEqual([
      {
        kind: 'referral',
        title: 'Referral credited: Grace Hopper confirmed their address',
        ref: { type: 'waitlist_entry', id: graceEntry.id },
      },
      {
        kind: 'confirmation',
        title: 'Confirmed the address',
        ref: { type: 'waitlist_entry', id: adaId },
      },
      { kind: 'signup', title: 'Joined the waitlist', ref: { type: 'waitlist_entry', id: adaId } },
    ]);
    expect(own[0]!.at).toBe(graceEntry.confirmedAt!.toISOString());
    // Newest first, across every kind.
    const times = events.map((event) => event.at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it("shows on the friend's own timeline whom the confirmation counted for", async () => {
    const { events } = await timelineOf(grace);
    expect(events.find((event) => event.kind === 'confirmation')).toMatchObject({
      title: 'Confirmed the address',
      detail: 'Counted as a referral for Ada Lovelace',
    });
  });

  it('shows no confirmation and no credit for an address never confirmed', async () => {
    const { events } = await timelineOf(alan);
    expect(events.map((event) => event.kind)).toContain('signup');
    expect(events.map((event) => event.kind)).not.toContain('confirmation');
    const adaEvents = (await timelineOf(ada)).events;
    expect(adaEvents.filter((event) => event.kind === 'referral')).toHaveLength(1);
    expect(JSON.stringify(adaEvents)).not.toContain('Alan');
  });

  it("words a staff action with the actor's name now, from the audit log's ids", async () => {
    const { id } = await entryOf(ada);
    const approved = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/beta/approve/${id}`,
      headers: admin.headers,
    });
    expect(approved.statusCode).toBe(201);
    const staffAction = () =>
      timelineOf(ada).then(({ events }) => events.find((event) => event.kind === 'admin'));
    expect(await staffAction()).toMatchObject({
      title: 'Staff Admin: waitlist.approve',
      ref: { type: 'waitlist_entry', id },
      // The parts of the audit log's sentence, for the console to word.
      audit: {
        action: 'waitlist.approve',
        actor: { kind: 'staff', label: 'staff-admin' },
        actorName: 'Staff Admin',
        subjectName: 'Ada Lovelace',
        details: { participantId: expect.any(String) },
      },
    });
    await ctx.database.db
      .updateTable('users')
      .set({ name: 'Ada Byron' })
      .where('id', '=', admin.userId)
      .execute();
    expect((await staffAction())?.title).toBe('Ada Byron: waitlist.approve');
  });

  it('answers 401 without a session and 400 without an address', async () => {
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/people/timeline?email=${encodeURIComponent(ada)}`,
    });
    expect(anonymous.statusCode).toBe(401);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/people/timeline',
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});
