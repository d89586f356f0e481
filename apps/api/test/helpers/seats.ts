import { createHash } from 'node:crypto';
import type { ParticipantStatus } from '@repo/db';
import { sql } from 'kysely';
import { beforeEach } from 'vitest';
import { linkTokenMailedTo } from './link-tokens';
import type { TestContext } from './test-app';
import { useAdminContext } from './use-context';

/** The token of the accept link in the newest invitation mailed to `email`. */
export async function invitationTokenMailedTo(ctx: TestContext, email: string): Promise<string> {
  // The outbox keeps the token sealed until sent (issue 19): opened as its recipient gets it.
  return linkTokenMailedTo(ctx, email, 'beta-invitation');
}

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * Inserts `count` participants straight into the database (no entry, no mail):
 * seats held or not, to set the scene. An invitation lapses `expiresInHours`
 * from now (negative: already lapsed).
 */
export async function insertParticipants(
  ctx: TestContext,
  count: number,
  status: ParticipantStatus,
  expiresInHours = 24 * 7,
): Promise<string[]> {
  if (count === 0) return [];
  const tag = Math.random().toString(36).slice(2, 8);
  const rows = await ctx.database.db
    .insertInto('betaParticipants')
    .values(
      Array.from({ length: count }, (_, index) => ({
        firstName: `Seat${index}`,
        lastName: status,
        email: `seat-${status}-${tag}-${index}@example.com`,
        status,
        invitedAt: sql<Date>`now() - interval '1 day'`,
        invitationExpiresAt:
          status === 'invited'
            ? sql<Date>`now() + make_interval(secs => ${expiresInHours * 3600})`
            : null,
        acceptedAt: status === 'invited' ? null : sql<Date>`now()`,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Marks entries' addresses confirmed (double opt-in): only these stand in the queue. */
export async function confirmEntries(ctx: TestContext, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await ctx.database.db
    .updateTable('waitlistEntries')
    .set({ confirmedAt: sql<Date>`now()` })
    .where('id', 'in', ids)
    .execute();
}

/** A clean slate for the seats: no participants, entries, mail or switches. */
export async function clearSeats(ctx: TestContext): Promise<void> {
  const db = ctx.database.db;
  await db.deleteFrom('betaParticipants').execute();
  await db.deleteFrom('waitlistEntries').execute();
  await db.deleteFrom('emailOutbox').execute();
  await db.deleteFrom('appSettings').execute();
}

/** Seats held, counted independently of the API: active + invitations not lapsed. */
export async function seatsHeld(ctx: TestContext): Promise<number> {
  const row = await ctx.database.db
    .selectFrom('betaParticipants')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where((eb) =>
      eb.or([
        eb('status', '=', 'active'),
        eb.and([eb('status', '=', 'invited'), eb('invitationExpiresAt', '>', sql<Date>`now()`)]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Accepts the invitation mailed to `email` through its link, as the person
 * would: an approval invites, and only an accepted invitation is an active
 * participant (issue 11).
 */
export async function acceptInvitationOf(ctx: TestContext, email: string): Promise<void> {
  const token = await invitationTokenMailedTo(ctx, email);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/beta/invitations/accept',
    payload: { token },
  });
  if (response.statusCode !== 200) {
    throw new Error(
      `accepting the invitation to ${email}: ${response.statusCode} ${response.body}`,
    );
  }
}

/**
 * The set-up of the seat tests (issue 11): useAdminContext, no seat held before
 * each test, and the admin's two seat actions.
 */
export function useSeatContext() {
  const { ctx, admin } = useAdminContext();
  beforeEach(() => clearSeats(ctx));
  return {
    ctx,
    admin,
    approve: (id: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/beta/approve/${id}`,
        headers: admin.headers,
      }),
    setStatus: (id: string, status: string) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/admin/beta/participants/${id}`,
        headers: admin.headers,
        payload: { status },
      }),
  };
}
