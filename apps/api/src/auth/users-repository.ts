import type { DB, UserStatus } from '@repo/db';
import { PENDING_ACCOUNT_DAYS } from '@repo/validation';
import { sql } from 'kysely';

export interface PublicUser {
  id: string;
  username: string;
  email: string;
  name: string;
  status: UserStatus;
}

const publicColumns = ['id', 'username', 'email', 'name', 'status'] as const;

function findUserById(db: DB, id: string): Promise<PublicUser | undefined> {
  return db.selectFrom('users').select(publicColumns).where('id', '=', id).executeTakeFirst();
}

/** The signed-in user of a session, only while the account is active (pending/disabled: none). */
export async function findActiveUserById(db: DB, id: string): Promise<PublicUser | undefined> {
  const user = await findUserById(db, id);
  return user?.status === 'active' ? user : undefined;
}

export function findUserForLogin(db: DB, username: string) {
  return db
    .selectFrom('users')
    .select([...publicColumns, 'passwordHash'])
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

export async function countUsers(db: DB): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function usernameOrEmailTaken(
  db: DB,
  username: string,
  email: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) =>
      eb.or([
        eb(sql<string>`lower(username)`, '=', username.toLowerCase()),
        eb(sql<string>`lower(email)`, '=', email.toLowerCase()),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

export function insertUser(
  db: DB,
  user:
    | {
        username: string;
        email: string;
        name: string;
        passwordHash: string;
        status: 'active';
        /** Set when the owner proved the mailbox (an accepted invitation). */
        emailVerifiedAt?: Date | null;
        /** The invitation's role (issue 19); left out: Owner for the first account, else Viewer. */
        roleId?: string;
      }
    | {
        username: string;
        email: string;
        name: string;
        /** No password: the person who proves the mailbox sets it (issue 19). */
        status: 'pending';
      },
): Promise<PublicUser> {
  return db.insertInto('users').values(user).returning(publicColumns).executeTakeFirstOrThrow();
}

export async function updatePasswordHash(db: DB, id: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ passwordHash }).where('id', '=', id).execute();
}

/** Serialises registrations so two "first" accounts cannot be created at once. */
export async function lockRegistrations(db: DB): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('wordloom:registration'))`.execute(db);
}

/** The account holding `email` (any status), if any. */
export function findUserByEmail(db: DB, email: string) {
  return db
    .selectFrom('users')
    .select(publicColumns)
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

/** A pending registration older than this can no longer be confirmed, and is purged daily. */
const pendingExpired = sql<boolean>`created_at <= now() - make_interval(days => ${PENDING_ACCOUNT_DAYS})`;

/**
 * Makes the pending account `id` active with the password its owner just set,
 * unless it expired; undefined when there is no such account.
 */
export function activatePendingUser(db: DB, id: string, passwordHash: string) {
  return db
    .updateTable('users')
    .set({ status: 'active', passwordHash, emailVerifiedAt: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where(sql<boolean>`not ${pendingExpired}`)
    .returning(publicColumns)
    .executeTakeFirst();
}

/**
 * Deletes the account `id` only while it is pending (its tokens go with it: the
 * foreign key cascades); false when it is not pending (or does not exist).
 */
export async function deletePendingUser(db: DB, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('users')
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes pending registrations older than PENDING_ACCOUNT_DAYS; returns how many. */
export async function purgeExpiredPendingUsers(db: DB): Promise<number> {
  const result = await db
    .deleteFrom('users')
    .where('status', '=', 'pending')
    .where(pendingExpired)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Holds the account's row until the transaction ends: its factors change one at a time. */
export async function lockUser(trx: DB, userId: string): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}
