import { createHash } from 'node:crypto';
import type { StaffAccount, StaffSession } from '@repo/validation';
import type { DB, UserStatus } from '@repo/db';
import { sql } from 'kysely';
import { sessionAlive, type SessionLifetimes } from '../plugins/external/session-store';
import { roleRefOf } from '../roles/roles-repository';

/** What admins see of a session instead of its id (which is a credential): 16 hex of sha256(sid). */
const publicSessionId = sql<string>`substr(encode(sha256(convert_to(sessions.sid, 'UTF8')), 'hex'), 1, 16)`;

/** The same public id, computed in Node. */
function createPublicId(sid: string): string {
  return createHash('sha256').update(sid, 'utf8').digest('hex').slice(0, 16);
}

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

function accountSelect(db: DB, lifetimes: SessionLifetimes) {
  return db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.roleId')
    .select(['roles.id as roleId', 'roles.key as roleKey', 'roles.name as roleName'])
    .select([
      'users.id',
      'users.username',
      'users.email',
      'users.name',
      'users.status',
      'users.createdAt',
      'users.emailVerifiedAt',
      'users.disabledAt',
    ])
    .select((eb) =>
      eb
        .selectFrom('sessions')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('sessions.userId', '=', 'users.id')
        .where(sessionAlive(lifetimes))
        .as('activeSessions'),
    );
}

type AccountRow = Awaited<ReturnType<ReturnType<typeof accountSelect>['executeTakeFirstOrThrow']>>;

function toAccount(row: AccountRow): StaffAccount {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    name: row.name,
    status: row.status,
    createdAt: iso(row.createdAt)!,
    emailVerifiedAt: iso(row.emailVerifiedAt),
    disabledAt: iso(row.disabledAt),
    activeSessions: Number(row.activeSessions ?? 0),
    role: roleRefOf({ id: row.roleId, key: row.roleKey, name: row.roleName }),
  };
}

export async function listAccounts(db: DB, lifetimes: SessionLifetimes): Promise<StaffAccount[]> {
  const rows = await accountSelect(db, lifetimes)
    .orderBy('users.createdAt')
    .orderBy('users.id')
    .execute();
  return rows.map(toAccount);
}

export async function findAccount(
  db: DB,
  lifetimes: SessionLifetimes,
  id: string,
): Promise<StaffAccount | undefined> {
  const row = await accountSelect(db, lifetimes).where('users.id', '=', id).executeTakeFirst();
  return row ? toAccount(row) : undefined;
}

export async function listSessions(
  db: DB,
  lifetimes: SessionLifetimes,
  userId: string,
  currentSid: string | undefined,
): Promise<StaffSession[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['sid', 'createdAt', 'lastSeenAt', 'ip', 'userAgent'])
    .where('userId', '=', userId)
    .where(sessionAlive(lifetimes))
    .orderBy('lastSeenAt', 'desc')
    .execute();
  return rows.map((row) => ({
    id: createPublicId(row.sid),
    createdAt: iso(row.createdAt)!,
    lastSeenAt: iso(row.lastSeenAt),
    ip: row.ip,
    userAgent: row.userAgent,
    current: row.sid === currentSid,
  }));
}

/** Ends the session of `userId` whose public id is `publicId`; false when there is none. */
export async function endSession(db: DB, userId: string, publicId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('sessions')
    .where('userId', '=', userId)
    .where(sql<boolean>`${publicSessionId} = ${publicId}`)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function endAllSessions(db: DB, userId: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('userId', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Moves the account `id` from status `from` to `to` (disabling stamps disabledAt,
 * enabling clears it); false when the account is not in `from`, so two admins
 * acting at once, or a stale console, change nothing unexpected.
 */
export async function changeAccountStatus(
  db: DB,
  id: string,
  from: 'active' | 'disabled',
  to: 'active' | 'disabled',
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set(
      to === 'disabled'
        ? { status: to, disabledAt: sql<Date>`coalesce(disabled_at, now())` }
        : { status: to, disabledAt: null },
    )
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The status of the account `id`, or undefined when there is none. */
export async function accountStatus(db: DB, id: string): Promise<UserStatus | undefined> {
  const row = await db.selectFrom('users').select('status').where('id', '=', id).executeTakeFirst();
  return row?.status;
}

/** An account's id and address, for mail about the account; undefined when it does not exist. */
export function findAccountEmail(db: DB, id: string) {
  return db.selectFrom('users').select(['id', 'email']).where('id', '=', id).executeTakeFirst();
}
