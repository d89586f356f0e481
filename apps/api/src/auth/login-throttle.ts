import type { DB } from '@repo/db';
import { type RawBuilder, sql } from 'kysely';

/*
 * Failed sign-ins are counted in the database (shared by every API instance) under
 * two keys: the account ('account:<lower username>', known or not, so a rotating
 * address does not help and unknown names look the same) and the address
 * ('address:<ip>'). After FREE_FAILURES consecutive failures a key refuses
 * attempts for 2^(failures - FREE_FAILURES) seconds, at most MAX_LOCK_SECONDS.
 * A password from an address where the account signed in successfully in the last
 * TRUST_DAYS days ('trusted:<userId>:<ip>') skips the account key, so nobody can
 * lock a colleague out from elsewhere; it still counts against its own address.
 * A second factor never skips it (issue 31): whoever types the code knows the password.
 *
 * Each account's part of an address's count is kept too ('address-share:<lower
 * username>@<ip>'), so that its success takes back its own failures only: another
 * account signing in from the same address (an office, or the attacker's own account)
 * no longer wipes the address key (issue 31).
 *
 * An attempt is counted as a failure before its password is checked (claimAttempt:
 * increment, then decide, in one statement), so of N concurrent guesses at most
 * FREE_FAILURES are checked; a success clears the count. While a guess past the
 * free ones is being checked its key stays locked; once it failed, the back-off
 * starts from the end of the check (lockAfterFailure).
 */
export const FREE_FAILURES = 5;
const MAX_LOCK_SECONDS = 15 * 60;
const TRUST_DAYS = 30;
/** A failure streak older than this starts over. */
const STREAK_RESET_HOURS = 24;
/**
 * How much longer than its back-off a key stays locked while a guess is checked:
 * a process that dies mid-check leaves a lock that still ends.
 */
const CHECK_HOLD_SECONDS = 10;

export const accountKey = (username: string) => `account:${username.toLowerCase()}`;
const addressKey = (ip: string) => `address:${ip}`;
const addressShareKey = (ip: string, username: string) =>
  `address-share:${username.toLowerCase()}@${ip}`;
/** The address key, and the account's share of it (what only the account's own success clears). */
export const addressKeys = (ip: string, username?: string) =>
  username === undefined ? [addressKey(ip)] : [addressKey(ip), addressShareKey(ip, username)];
const trustedKey = (userId: string, ip: string) => `trusted:${userId}:${ip}`;

export function throttledMessage(seconds: number): string {
  return `Too many failed sign-ins. Try again in ${seconds} seconds.`;
}

/** Seconds until the first of `keys` unlocks, or 0 when none is locked. */
async function lockedForSeconds(db: DB, keys: string[]): Promise<number> {
  const row = await db
    .selectFrom('loginThrottle')
    .select(sql<string>`ceil(extract(epoch from max(locked_until) - now()))`.as('seconds'))
    .where('key', 'in', keys)
    .where('lockedUntil', '>', sql<Date>`now()`)
    .executeTakeFirst();
  const seconds = Number(row?.seconds ?? 0);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
}

export async function isTrustedAddress(db: DB, userId: string, ip: string): Promise<boolean> {
  const row = await db
    .selectFrom('loginThrottle')
    .select('key')
    .where('key', '=', trustedKey(userId, ip))
    .where('updatedAt', '>', sql<Date>`now() - make_interval(days => ${TRUST_DAYS})`)
    .executeTakeFirst();
  return row !== undefined;
}

/** now() plus the back-off after `failures` consecutive failures (SQL). */
const backoffUntil = (failures: RawBuilder<unknown>) =>
  sql<Date>`now() + make_interval(secs => least(
    ${MAX_LOCK_SECONDS}::float8, power(2, least(${failures} - ${FREE_FAILURES}, 30))))`;

/**
 * Counts this attempt as a failure on every key, before its password is checked,
 * unless one of the keys is locked: then nothing is counted. Returns 0 when the
 * attempt may be checked, else the seconds until it may be tried again. Keys are
 * taken in one order by every request, so two attempts never wait for each other
 * in a cycle.
 */
export async function claimAttempt(db: DB, keys: string[]): Promise<number> {
  const sorted = [...new Set(keys)].sort();
  const rows = sorted.map((key) => sql`(${key}, 1, null::timestamptz, now())`);
  const admitted = await db
    .transaction()
    .execute(async (trx) => {
      const counted = await sql<{ key: string }>`
        insert into login_throttle as t (key, failures, locked_until, updated_at)
        values ${sql.join(rows)}
        on conflict (key) do update set
          failures = case
            when t.updated_at < now() - make_interval(hours => ${STREAK_RESET_HOURS}) then 1
            else t.failures + 1 end,
          locked_until = case
            when t.updated_at >= now() - make_interval(hours => ${STREAK_RESET_HOURS})
              and t.failures + 1 >= ${FREE_FAILURES}
            then ${backoffUntil(sql`t.failures + 1`)} + make_interval(secs => ${CHECK_HOLD_SECONDS})
            else null end,
          updated_at = now()
        where t.locked_until is null or t.locked_until <= now()
        returning key
      `.execute(trx);
      // A locked key: roll back what the others counted.
      if (counted.rows.length < sorted.length) throw new AttemptRefused();
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof AttemptRefused) return false;
      throw error;
    });
  return admitted ? 0 : Math.max(1, await lockedForSeconds(db, sorted));
}

class AttemptRefused extends Error {}

/** After a claimed attempt failed: the keys past the free failures back off from now. */
export async function lockAfterFailure(db: DB, keys: string[]): Promise<void> {
  await db
    .updateTable('loginThrottle')
    .set({ lockedUntil: backoffUntil(sql`failures`) })
    .where('key', 'in', keys)
    .where('failures', '>=', FREE_FAILURES)
    .execute();
}

/** Counts one failure against each key and locks those past the free failures. */
export async function recordFailure(db: DB, keys: string[]): Promise<void> {
  for (const key of keys) {
    await sql`
      insert into login_throttle as t (key, failures, locked_until, updated_at)
      values (${key}, 1, null, now())
      on conflict (key) do update set
        failures = case
          when t.updated_at < now() - make_interval(hours => ${STREAK_RESET_HOURS}) then 1
          else t.failures + 1 end,
        locked_until = case
          when t.updated_at >= now() - make_interval(hours => ${STREAK_RESET_HOURS})
            and t.failures + 1 >= ${FREE_FAILURES}
          then ${backoffUntil(sql`t.failures + 1`)}
          else null end,
        updated_at = now()
    `.execute(db);
  }
}

/**
 * A success clears the account key, takes the account's own failures off the address
 * key (another account's streak from there stays), and trusts this address for the
 * account.
 */
export async function recordSuccess(
  db: DB,
  input: { username: string; userId: string; ip: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('loginThrottle').where('key', '=', accountKey(input.username)).execute();
    const share = await trx
      .deleteFrom('loginThrottle')
      .where('key', '=', addressShareKey(input.ip, input.username))
      .returning('failures')
      .executeTakeFirst();
    const own = share?.failures ?? 0;
    if (own > 0) {
      await trx
        .updateTable('loginThrottle')
        .set({
          failures: sql<number>`greatest(failures - ${own}, 0)`,
          lockedUntil: sql<Date | null>`case when failures - ${own} < ${FREE_FAILURES}
            then null else locked_until end`,
        })
        .where('key', '=', addressKey(input.ip))
        .execute();
      await trx
        .deleteFrom('loginThrottle')
        .where('key', '=', addressKey(input.ip))
        .where('failures', '<=', 0)
        .execute();
    }
    await trx
      .insertInto('loginThrottle')
      .values({ key: trustedKey(input.userId, input.ip), failures: 0, updatedAt: sql<Date>`now()` })
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ updatedAt: sql<Date>`now()` }))
      .execute();
  });
}

/** Forgets trust older than TRUST_DAYS and failure streaks that no longer lock anything. */
export async function pruneLoginThrottle(db: DB): Promise<number> {
  const result = await db
    .deleteFrom('loginThrottle')
    .where((eb) =>
      eb.or([
        eb.and([
          eb('key', 'like', 'trusted:%'),
          eb('updatedAt', '<', sql<Date>`now() - make_interval(days => ${TRUST_DAYS})`),
        ]),
        eb.and([
          eb('key', 'not like', 'trusted:%'),
          eb('updatedAt', '<', sql<Date>`now() - make_interval(hours => ${STREAK_RESET_HOURS})`),
          eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', sql<Date>`now()`)]),
        ]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
