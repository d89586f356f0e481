import type { TestContext } from './test-app';
import { sessionCookie } from './test-app';

export interface AdminSession {
  /** Cookie and Origin of the admin console: what a browser sends on admin requests. */
  headers: { cookie: string; origin: string };
}

const sessions = new WeakMap<TestContext, Promise<AdminSession>>();

/**
 * Registers a staff account (the first account of a fresh database may use any
 * domain) and returns the headers of a signed-in browser on the admin console.
 * One account per test context.
 */
export function signInAdmin(ctx: TestContext): Promise<AdminSession> {
  let session = sessions.get(ctx);
  if (!session) {
    session = register(ctx);
    sessions.set(ctx, session);
  }
  return session;
}

async function register(ctx: TestContext): Promise<AdminSession> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: {
      username: 'staff-admin',
      password: 'admin-password',
      email: 'staff-admin@wordloom.ai',
      name: 'Staff Admin',
    },
  });
  const cookie = sessionCookie(response);
  if (response.statusCode !== 201 || !cookie) {
    throw new Error(`could not register the test admin: ${response.statusCode} ${response.body}`);
  }
  return { headers: { cookie, origin: ctx.config.ADMIN_URL } };
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
