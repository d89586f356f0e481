import { describe, expect, it } from 'vitest';
import { useTestContext } from '../helpers/use-context';
import { hashPassword } from '../../src/auth/password';
import { insertStaffUser, sessionFor, STAFF_PASSWORD } from '../helpers/admin';
import { sessionCookie } from '../helpers/test-app';

const ctx = useTestContext({ SESSION_IDLE_MINUTES: '30', SESSION_ABSOLUTE_HOURS: '8' });

const currentUser = (cookie: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
const sessionRow = (userId: string) =>
  ctx.database.db
    .selectFrom('sessions')
    .selectAll()
    .where('userId', '=', userId)
    .executeTakeFirst();
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('server-side session lifetimes', () => {
  it('stores ip and user agent at sign-in; the cookie lives as long as the absolute lifetime', async () => {
    const id = await insertStaffUser(ctx, { username: 'traveller' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'traveller', password: STAFF_PASSWORD },
      headers: { 'user-agent': 'TestBrowser/1.0' },
      remoteAddress: '127.0.0.1',
    });
    expect(response.statusCode).toBe(200);
    const row = await sessionRow(id);
    expect(row).toMatchObject({ ip: '127.0.0.1', userAgent: 'TestBrowser/1.0' });
    const cookie = response.cookies.find((c) => c.name === 'wl_sid')!;
    const lifetime = new Date(cookie.expires!).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(8 * 3_600_000 - 60_000);
    expect(lifetime).toBeLessThanOrEqual(8 * 3_600_000);
    expect(cookie.sameSite).toBe('Strict');
    expect((await currentUser(sessionCookie(response)!)).statusCode).toBe(200);
  });

  it('ends a session idle for longer than SESSION_IDLE_MINUTES', async () => {
    const id = await insertStaffUser(ctx, { username: 'idler' });
    const { headers } = await sessionFor(ctx, id);
    await ctx.database.db
      .updateTable('sessions')
      .set({ lastSeenAt: ago(29) })
      .where('userId', '=', id)
      .execute();
    expect((await currentUser(headers.cookie)).statusCode).toBe(200);
    // Use refreshed last_seen_at (it was over a minute old).
    const touched = await sessionRow(id);
    expect(Date.now() - new Date(touched!.lastSeenAt).getTime()).toBeLessThan(10_000);

    await ctx.database.db
      .updateTable('sessions')
      .set({ lastSeenAt: ago(31) })
      .where('userId', '=', id)
      .execute();
    expect((await currentUser(headers.cookie)).statusCode).toBe(401);
  });

  it('ends a busy session SESSION_ABSOLUTE_HOURS after sign-in, whatever the cookie says', async () => {
    const id = await insertStaffUser(ctx, { username: 'busy' });
    const { headers } = await sessionFor(ctx, id);
    await ctx.database.db
      .updateTable('sessions')
      .set({ createdAt: ago(8 * 60 - 1), lastSeenAt: new Date() })
      .where('userId', '=', id)
      .execute();
    expect((await currentUser(headers.cookie)).statusCode).toBe(200);
    await ctx.database.db
      .updateTable('sessions')
      .set({ createdAt: ago(8 * 60 + 1), lastSeenAt: new Date() })
      .where('userId', '=', id)
      .execute();
    expect((await currentUser(headers.cookie)).statusCode).toBe(401);
  });
});

describe('password hashes', () => {
  it('upgrades a hash made with weaker parameters (N=2^14) at the next sign-in', async () => {
    const weak = await hashPassword('an-older-password', { N: 2 ** 14, r: 8, p: 1 });
    const { id } = await ctx.database.db
      .insertInto('users')
      .values({
        username: 'veteran',
        email: 'veteran@wordloom.ai',
        name: 'Veteran',
        passwordHash: weak,
        status: 'active',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'veteran', password: 'an-older-password' },
    });
    expect(response.statusCode).toBe(200);
    const { passwordHash } = await ctx.database.db
      .selectFrom('users')
      .select('passwordHash')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(passwordHash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(passwordHash).not.toBe(weak);
  });
});
