import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestGate } from '../helpers/request-gate';
import { FREE_FAILURES } from '../../src/auth/login-throttle';
import { insertStaffUser, STAFF_PASSWORD } from '../helpers/admin';
import { createTestContext, type TestContext } from '../helpers/test-app';

const gate = createRequestGate('/api/login');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ TRUST_PROXY: 'true' }, undefined, { onRoute: gate.onRoute });
  await insertStaffUser(ctx, { username: 'colleague' });
  await insertStaffUser(ctx, { username: 'other' });
});
afterAll(() => ctx.close());

const login = (username: string, password: string, ip: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
    headers: { 'x-forwarded-for': ip },
  });

const throttleRow = (key: string) =>
  ctx.database.db.selectFrom('loginThrottle').selectAll().where('key', '=', key).executeTakeFirst();

/** Seconds from now until the key unlocks (database clock). */
async function lockSeconds(key: string): Promise<number> {
  const row = await sql<{ s: string }>`
    select extract(epoch from locked_until - now()) as s from login_throttle where key = ${key}`.execute(
    ctx.database.db,
  );
  return Number(row.rows[0]?.s ?? 0);
}

describe('login throttling', () => {
  it('per account: failures from rotating addresses lock it even for the right password from a new address; the owner’s known address still signs in', async () => {
    // The colleague signs in from the office: that address becomes trusted for 30 days.
    expect((await login('colleague', STAFF_PASSWORD, '198.51.100.7')).statusCode).toBe(200);

    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await login('colleague', `wrong-guess-${attempt}`, `203.0.113.${attempt}`);
      expect(response.statusCode).toBe(401);
    }
    const locked = await login('colleague', STAFF_PASSWORD, '203.0.113.99');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      type: 'login_throttled',
      message: expect.stringMatching(/^Too many failed sign-ins\. Try again in \d+ seconds\.$/),
    });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);

    // The owner, from the office, is not locked out by the attacker.
    const owner = await login('colleague', STAFF_PASSWORD, '198.51.100.7');
    expect(owner.statusCode).toBe(200);
    // ...and the success resets the account key.
    expect(await throttleRow('account:colleague')).toBeUndefined();
  });

  it('backs off exponentially (2^(failures-5) s), capped at 15 minutes; locked attempts are not even checked', async () => {
    const ip = '192.0.2.50';
    await ctx.database.db
      .insertInto('loginThrottle')
      .values({ key: 'account:other', failures: 9, lockedUntil: null, updatedAt: new Date() })
      .execute();
    expect((await login('other', 'wrong-password', ip)).statusCode).toBe(401);
    expect((await throttleRow('account:other'))?.failures).toBe(10);
    const seconds = await lockSeconds('account:other');
    expect(seconds).toBeGreaterThan(30);
    expect(seconds).toBeLessThanOrEqual(32);

    const refused = await login('other', STAFF_PASSWORD, '192.0.2.51');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Try again in 3[12] seconds\./);
    expect((await throttleRow('account:other'))?.failures).toBe(10);

    // Time passes (moved in the database, not slept): one more failure, far past the cap.
    await ctx.database.db
      .updateTable('loginThrottle')
      .set({ failures: 30, lockedUntil: new Date(Date.now() - 1000) })
      .where('key', '=', 'account:other')
      .execute();
    expect((await login('other', 'wrong-password', '192.0.2.52')).statusCode).toBe(401);
    const capped = await lockSeconds('account:other');
    expect(capped).toBeGreaterThan(890);
    expect(capped).toBeLessThanOrEqual(900);

    // Unlocked again, the right password signs in and resets the key.
    await ctx.database.db
      .updateTable('loginThrottle')
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where('key', '=', 'account:other')
      .execute();
    expect((await login('other', STAFF_PASSWORD, '192.0.2.53')).statusCode).toBe(200);
    expect(await throttleRow('account:other')).toBeUndefined();
  });

  it('throttles an unknown username exactly like a known one (no enumeration)', async () => {
    await ctx.database.db
      .insertInto('loginThrottle')
      .values({ key: 'account:ghost', failures: 4, lockedUntil: null, updatedAt: new Date() })
      .execute();
    const fifth = await login('ghost', 'wrong-password', '192.0.2.60');
    expect(fifth.statusCode).toBe(401);
    const sixth = await login('ghost', 'wrong-password', '192.0.2.61');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().type).toBe('login_throttled');
  });

  it('per address: five failures from one address on several accounts lock that address', async () => {
    const ip = '192.0.2.70';
    await ctx.database.db
      .insertInto('loginThrottle')
      .values({ key: `address:${ip}`, failures: 4, lockedUntil: null, updatedAt: new Date() })
      .execute();
    expect((await login('someone-else', 'wrong-password', ip)).statusCode).toBe(401);
    // A different account, never failed before, from the same address.
    const refused = await login('colleague', STAFF_PASSWORD, ip);
    expect(refused.statusCode).toBe(429);
    // The same account from elsewhere is fine.
    expect((await login('colleague', STAFF_PASSWORD, '192.0.2.71')).statusCode).toBe(200);
  });

  it("per address: another account's success from the address leaves the first account's failures there; its own success clears them", async () => {
    const ip = '192.0.2.80';
    await insertStaffUser(ctx, { username: 'guesser-target' });
    await insertStaffUser(ctx, { username: 'passer-by' });
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await login('guesser-target', `wrong-${attempt}`, ip)).statusCode).toBe(401);
    }
    expect((await login('passer-by', STAFF_PASSWORD, ip)).statusCode).toBe(200);
    expect((await throttleRow(`address:${ip}`))?.failures).toBe(3);
    // So two more failures lock the address for everyone. (Read from the row: the first
    // lock lasts 1 s, which a busy machine can outlast before a sign-in could show it.)
    for (let attempt = 4; attempt <= 5; attempt++) {
      expect((await login('guesser-target', `wrong-${attempt}`, ip)).statusCode).toBe(401);
    }
    const address = await throttleRow(`address:${ip}`);
    expect(address?.failures).toBe(5);
    expect(address?.lockedUntil).not.toBeNull();

    // The account's own success takes back its own failures from the address.
    // (Another account than guesser-target, whose own five failures lock it for a second.)
    await insertStaffUser(ctx, { username: 'second-guesser' });
    const other = '192.0.2.81';
    expect((await login('passer-by', 'wrong', other)).statusCode).toBe(401);
    expect((await login('second-guesser', 'wrong', other)).statusCode).toBe(401);
    expect((await login('passer-by', STAFF_PASSWORD, other)).statusCode).toBe(200);
    expect((await throttleRow(`address:${other}`))?.failures).toBe(1);
  });

  it('of 40 concurrent wrong passwords from 20 addresses at once, at most the free failures are checked; then even the right one waits, but not from the owner’s known address', async () => {
    await insertStaffUser(ctx, { username: 'besieged' });
    // The owner signed in from home before: that address is trusted.
    expect((await login('besieged', STAFF_PASSWORD, '198.51.100.40')).statusCode).toBe(200);

    const responses = await gate.overlap(40, () =>
      Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          login('besieged', `wrong-guess-${index}`, `203.0.113.${100 + (index % 20)}`),
        ),
      ),
    );
    const codes = responses.map((response) => response.statusCode);
    const checked = codes.filter((code) => code === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(FREE_FAILURES);
    expect(codes.filter((code) => code === 429)).toHaveLength(40 - checked);

    // Locked: the right password from a new address is refused, unchecked.
    const right = await login('besieged', STAFF_PASSWORD, '203.0.113.250');
    expect(right.statusCode).toBe(429);
    expect(right.json().type).toBe('login_throttled');
    // The owner, from the known address, is not locked out by the attackers.
    expect((await login('besieged', STAFF_PASSWORD, '198.51.100.40')).statusCode).toBe(200);
    // Without the claim, all 40 passwords are hashed: time enough to fail, not to time out.
  }, 180_000);
});
