import type { BetaParticipant } from '@repo/api-client';
import type { BetaParticipantRow, DB } from '@repo/db';
import { sql } from 'kysely';

const columns = [
  'id',
  'waitlistEntryId',
  'firstName',
  'lastName',
  'email',
  'status',
  'invitedAt',
  'lastActiveAt',
] as const;

type Row = Pick<BetaParticipantRow, (typeof columns)[number]>;

function toBetaParticipant(row: Row): BetaParticipant {
  return {
    ...row,
    invitedAt: row.invitedAt.toISOString(),
    lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
  };
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

export async function updateParticipantStatus(
  db: DB,
  id: string,
  status: 'active' | 'inactive',
): Promise<BetaParticipant | undefined> {
  const row = await db
    .updateTable('betaParticipants')
    .set({ status })
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirst();
  return row ? toBetaParticipant(row) : undefined;
}

/**
 * Serialises approvals for the rest of the transaction, so that "count, then
 * insert" cannot let two approvals take the last place (spec section 9: 100 testers).
 */
export async function lockBetaCap(db: DB): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('wordloom:beta-cap'))`.execute(db);
}

/** Every participant holds a place, active or not: the cap counts invitations. */
export async function countParticipants(db: DB): Promise<number> {
  const row = await db
    .selectFrom('betaParticipants')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
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

export async function insertParticipant(
  db: DB,
  entry: { id: string; firstName: string; lastName: string; email: string },
): Promise<BetaParticipant> {
  const row = await db
    .insertInto('betaParticipants')
    .values({
      waitlistEntryId: entry.id,
      firstName: entry.firstName,
      lastName: entry.lastName,
      email: entry.email,
      invitedAt: sql<Date>`now()`,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return toBetaParticipant(row);
}
