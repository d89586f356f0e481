import { randomBytes } from 'node:crypto';
import { Signer } from '@fastify/cookie';
import type { UserStatus } from '@repo/db';
import type { BuiltInRoleKey } from '@repo/validation';
import { sessionCookieName } from '../../src/plugins/external/session';
import type { TestContext } from './test-app';

export interface AdminSession {
  /** Cookie and Origin of the admin console: what a browser sends on admin requests. */
  headers: { cookie: string; origin: string };
  userId: string;
}

/** The password of every account made by `insertStaffUser` (and of 'staff-admin'). */
export const STAFF_PASSWORD = 'admin-password';
/**
 * scrypt (N=2^17) of STAFF_PASSWORD, computed once and written here: hashing costs
 * about a second on a busy machine, so helpers never hash.
 */
const STAFF_PASSWORD_HASH =
  'scrypt$131072$8$1$FtILqmmQJqstm/AsosxeCQ==$iIkFihQFIZf1SB2jqxKixlnIU0h9IScSCbN0d1mx1t5g4gx9XMIGOOoj+ATrhFsv2yCUUwwdFkG3e28GM7i65w==';

const sessions = new WeakMap<TestContext, Promise<AdminSession>>();

/**
 * The headers of a signed-in browser on the admin console, for the active account
 * 'staff-admin' (password STAFF_PASSWORD, role Owner), created directly in the
 * database on the first call. One account per test context. Registration and
 * sign-in themselves are tested in test/auth*.test.ts.
 */
export function signInAdmin(ctx: TestContext): Promise<AdminSession> {
  let session = sessions.get(ctx);
  if (!session) {
    session = (async () => {
      const userId = await insertStaffUser(ctx, {
        username: 'staff-admin',
        email: 'staff-admin@wordloom.ai',
        name: 'Staff Admin',
        role: 'owner',
      });
      return sessionFor(ctx, userId);
    })();
    sessions.set(ctx, session);
  }
  return session;
}

/**
 * Inserts an account (active unless told otherwise) with STAFF_PASSWORD (none when
 * pending) and a built-in role (Admin unless told otherwise: what every account
 * could do before roles, but staff and keys); returns its id.
 */
export async function insertStaffUser(
  ctx: TestContext,
  user: {
    username: string;
    email?: string;
    name?: string;
    status?: UserStatus;
    role?: BuiltInRoleKey;
  },
): Promise<string> {
  const { db } = ctx.database;
  const row = await db
    .insertInto('users')
    .values({
      username: user.username,
      email: user.email ?? `${user.username}@wordloom.ai`,
      name: user.name ?? 'Staff Member',
      // A pending account has no password yet (migration 013).
      passwordHash: user.status === 'pending' ? null : STAFF_PASSWORD_HASH,
      status: user.status ?? 'active',
      roleId: db
        .selectFrom('roles')
        .select('id')
        .where('key', '=', user.role ?? 'admin'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A new signed-in session of `userId`, written straight to the store as the API
 * would (a row in `sessions`, its id signed in the cookie).
 */
export async function sessionFor(ctx: TestContext, userId: string): Promise<AdminSession> {
  const sid = randomBytes(24).toString('base64url');
  await ctx.database.db
    .insertInto('sessions')
    .values({
      sid,
      data: JSON.stringify({ userId }),
      userId,
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
      updatedAt: new Date(),
    })
    .execute();
  const value = new Signer(ctx.config.SESSION_SECRET).sign(sid);
  const cookie = `${sessionCookieName(ctx.config)}=${encodeURIComponent(value)}`;
  return { headers: { cookie, origin: ctx.config.ADMIN_URL }, userId };
}

/** Inserts `count` waitlist entries straight into the database; returns their ids, oldest first. */
export async function seedWaitlist(
  ctx: TestContext,
  count: number,
  make: (index: number) => Partial<{
    email: string;
    firstName: string;
    lastName: string;
    companyName: string;
    createdAt: Date;
  }> = () => ({}),
): Promise<string[]> {
  const base = Date.now() - count * 1000;
  const rows = Array.from({ length: count }, (_, index) => ({
    email: `seed-${index}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    firstName: `First${index}`,
    lastName: `Last${index}`,
    companyName: `Company ${index}`,
    primaryUse: 'Blog Writing',
    createdAt: new Date(base + index * 1000),
    ...make(index),
  }));
  const ids: string[] = [];
  for (let start = 0; start < rows.length; start += 500) {
    const inserted = await ctx.database.db
      .insertInto('waitlistEntries')
      .values(rows.slice(start, start + 500))
      .returning('id')
      .execute();
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}
