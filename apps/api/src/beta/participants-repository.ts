import type { BetaParticipant, ExpiringInvitation } from '@repo/validation';
import type { BetaParticipantRow, Database, DB } from '@repo/db';
import { type ExpressionBuilder, sql } from 'kysely';

const columns = [
  'id',
  'waitlistEntryId',
  'firstName',
  'lastName',
  'email',
  'status',
  'invitedAt',
  'lastActiveAt',
  'invitationExpiresAt',
  'acceptedAt',
] as const;

type Row = Pick<BetaParticipantRow, (typeof columns)[number]>;

function toBetaParticipant(row: Row): BetaParticipant {
  return {
    ...row,
    invitedAt: row.invitedAt.toISOString(),
    lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
    invitationExpiresAt: row.invitationExpiresAt?.toISOString() ?? null,
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
  };
}

/**
 * "Now" for seats: the statement's own time, not the transaction's start. A
 * transaction may wait a while for the cap lock; an invitation that lapsed
 * meanwhile must not be accepted by one request and counted as free by another.
 */
const statementNow = sql<Date>`statement_timestamp()`;

/** An invitation still holding its seat: invited, and not past its expiry. */
function isHeldInvitation(eb: ExpressionBuilder<Database, 'betaParticipants'>) {
  return eb.and([
    eb('status', '=', 'invited'),
    eb.or([eb('invitationExpiresAt', 'is', null), eb('invitationExpiresAt', '>', statementNow)]),
  ]);
}

/** Newest first; at most BETA_CAP rows, so no pagination. */
export async function listParticipants(db: DB): Promise<BetaParticipant[]> {
  const rows = await db
    .selectFrom('betaParticipants')
    .select(columns)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toBetaParticipant);
}

export async function findParticipant(db: DB, id: string): Promise<BetaParticipant | undefined> {
  const row = await db
    .selectFrom('betaParticipants')
    .select(columns)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toBetaParticipant(row) : undefined;
}

export async function findParticipantsByIds(db: DB, ids: string[]): Promise<BetaParticipant[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('betaParticipants')
    .select(columns)
    .where('id', 'in', ids)
    .execute();
  return rows.map(toBetaParticipant);
}

/** Activates or deactivates an accepted participant (never an invitation: see the PATCH route). */
export async function updateParticipantStatus(
  db: DB,
  id: string,
  status: 'active' | 'inactive',
): Promise<BetaParticipant | undefined> {
  const row = await db
    .updateTable('betaParticipants')
    .set({ status })
    .where('id', '=', id)
    .where('status', '!=', 'invited')
    .returning(columns)
    .executeTakeFirst();
  return row ? toBetaParticipant(row) : undefined;
}

/**
 * Serialises everything that takes or frees a seat (approvals, auto-fill,
 * reactivation, acceptance, expiry) for the rest of the transaction, so that
 * "count, then insert" cannot let two of them take the last seat (spec
 * section 9: 100 testers).
 */
export async function lockBetaCap(db: DB): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('wordloom:beta-cap'))`.execute(db);
}

/**
 * Seats held (issue 11): active participants and invitations not yet expired.
 * Inactive participants hold none, and a lapsed invitation holds none even
 * before the expiry job has removed it.
 */
export async function countSeatsHeld(db: DB): Promise<number> {
  const row = await db
    .selectFrom('betaParticipants')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where((eb) => eb.or([eb('status', '=', 'active'), isHeldInvitation(eb)]))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Invitations still holding a seat that lapse within `hours`, soonest first. */
export async function listExpiringInvitations(
  db: DB,
  hours: number,
): Promise<ExpiringInvitation[]> {
  const rows = await db
    .selectFrom('betaParticipants')
    .select(['id', 'firstName', 'lastName', 'email', 'invitationExpiresAt'])
    .where('status', '=', 'invited')
    .where('invitationExpiresAt', '>', statementNow)
    .where(
      'invitationExpiresAt',
      '<=',
      sql<Date>`statement_timestamp() + make_interval(hours => ${hours})`,
    )
    .orderBy('invitationExpiresAt')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    ...row,
    invitationExpiresAt: row.invitationExpiresAt!.toISOString(),
  }));
}

export async function participantExistsFor(
  db: DB,
  entry: { id: string; email: string },
): Promise<boolean> {
  const row = await db
    .selectFrom('betaParticipants')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('waitlistEntryId', '=', entry.id),
        eb(eb.fn('lower', ['email']), '=', entry.email.toLowerCase()),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Adds an invited participant: the invitation holds a seat until `expiresAt`.
 * Only the SHA-256 of the link's token is stored. A lapsed invitation's mark on
 * the entry is cleared: the entry is out of the queue again.
 */
export async function insertInvitedParticipant(
  db: DB,
  entry: { id: string; firstName: string; lastName: string; email: string },
  invitation: { tokenHash: string; expiresAt: Date },
): Promise<BetaParticipant> {
  const row = await db
    .insertInto('betaParticipants')
    .values({
      waitlistEntryId: entry.id,
      firstName: entry.firstName,
      lastName: entry.lastName,
      email: entry.email,
      status: 'invited',
      invitedAt: sql<Date>`now()`,
      invitationExpiresAt: invitation.expiresAt,
      invitationTokenHash: invitation.tokenHash,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('waitlistEntries')
    .set({ invitationExpiredAt: null })
    .where('id', '=', entry.id)
    .where('invitationExpiredAt', 'is not', null)
    .execute();
  return toBetaParticipant(row);
}

/**
 * A resent invitation gets a new token; the old link stops working. Only an
 * invitation that still holds its seat: undefined otherwise.
 */
export async function replaceInvitationToken(
  db: DB,
  id: string,
  tokenHash: string,
): Promise<BetaParticipant | undefined> {
  const row = await db
    .updateTable('betaParticipants')
    .set({ invitationTokenHash: tokenHash })
    .where('id', '=', id)
    .where(isHeldInvitation)
    .returning(columns)
    .executeTakeFirst();
  return row ? toBetaParticipant(row) : undefined;
}

/**
 * Accepts the invitation whose token hashes to `tokenHash`, if it still holds its
 * seat: the participant becomes active and the token is cleared (single use).
 */
export async function acceptInvitationByTokenHash(
  db: DB,
  tokenHash: string,
): Promise<{ participant: BetaParticipant; waitlistEntryId: string | null } | undefined> {
  const row = await db
    .updateTable('betaParticipants')
    .set({
      status: 'active',
      acceptedAt: statementNow,
      lastActiveAt: statementNow,
      invitationTokenHash: null,
    })
    .where('invitationTokenHash', '=', tokenHash)
    .where(isHeldInvitation)
    .returning(columns)
    .executeTakeFirst();
  if (!row) return undefined;
  return { participant: toBetaParticipant(row), waitlistEntryId: row.waitlistEntryId };
}

/** Which lapsed invitations to remove: every one lapsed by `now`, or the one of a link. */
export type LapsedInvitations = { now: Date } | { tokenHash: string };

/**
 * Removes lapsed invitations and marks their entries expired: they are back in
 * the queue (no participant), and may be approved again. The expiry job removes
 * every invitation lapsed by its `now`; an accept removes the one its link names,
 * if that one has lapsed (by the statement's time). Returns the removed
 * participants' ids and their entries.
 */
export async function removeLapsedInvitations(
  db: DB,
  lapsed: LapsedInvitations,
): Promise<
  {
    id: string;
    waitlistEntryId: string | null;
    email: string;
    firstName: string;
    lastName: string;
  }[]
> {
  const now = 'now' in lapsed ? lapsed.now : statementNow;
  let query = db
    .deleteFrom('betaParticipants')
    .where('status', '=', 'invited')
    .where('invitationExpiresAt', '<=', now);
  if ('tokenHash' in lapsed) query = query.where('invitationTokenHash', '=', lapsed.tokenHash);
  const removed = await query
    .returning(['id', 'waitlistEntryId', 'email', 'firstName', 'lastName'])
    .execute();
  const entryIds = removed.flatMap((row) => (row.waitlistEntryId ? [row.waitlistEntryId] : []));
  if (entryIds.length > 0) {
    await db
      .updateTable('waitlistEntries')
      .set({ invitationExpiredAt: now })
      .where('id', 'in', entryIds)
      .execute();
  }
  return removed;
}
