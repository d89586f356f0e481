import type { DB } from '@repo/db';
import { sql } from 'kysely';

export interface PublicUser {
  id: string;
  username: string;
  email: string;
  name: string;
}

const publicColumns = ['id', 'username', 'email', 'name'] as const;

export function findUserById(db: DB, id: string): Promise<PublicUser | undefined> {
  return db.selectFrom('users').select(publicColumns).where('id', '=', id).executeTakeFirst();
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
  user: { username: string; email: string; name: string; passwordHash: string },
): Promise<PublicUser> {
  return db.insertInto('users').values(user).returning(publicColumns).executeTakeFirstOrThrow();
}

/** Serialises registrations so two "first" accounts cannot be created at once. */
export async function lockRegistrations(db: DB): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('wordloom:registration'))`.execute(db);
}
