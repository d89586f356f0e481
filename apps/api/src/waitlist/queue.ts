import type { DB } from '@repo/db';
import { type Expression, sql } from 'kysely';

/*
 * The waitlist queue (issues 11 and 32): confirmed entries that hold no seat (no
 * participant row), ordered by
 *   1. an invite code redeemed while the beta was full (the front, in order of redemption),
 *   2. the entry's number in confirmation order minus `boost` per counted referral,
 *   3. more referrals first on a tie (so a referral moves its referrer up exactly
 *      `boost` places past the person it lands on, when nobody between has left).
 * Unconfirmed entries take no position.
 *
 * The database keeps the order: triggers give each queued entry a unique sort key
 * (waitlist_entries.queue_key, null outside the queue, one partial index) and count
 * the keys per bucket (waitlist_queue_buckets). A position is the sum of the buckets
 * before the entry's plus a count within its own bucket: about a thousand counter
 * rows and a thousand index entries at a million, whatever the place. See migration
 * 024 and docs/scaling.md, "Queue positions (issue 32)".
 */

export interface QueuePlace {
  /** 1 is the front of the queue. */
  position: number;
  ahead: number;
  total: number;
}

/** The bucket of a key, as the triggers count it. */
const bucketOf = (key: Expression<unknown>) => sql<number>`waitlist_queue_bucket(${key})`;

/** The smallest key a bucket can hold. */
const bucketStart = (bucket: Expression<unknown>) =>
  sql<string>`waitlist_queue_bucket_start(${bucket})`;

/** Entries in the queue: the sum of the bucket counters. */
export async function countQueued(db: DB): Promise<number> {
  const row = await db
    .selectFrom('waitlistQueueBuckets')
    .select((eb) => eb.fn.sum<string | number | null>('entries').as('entries'))
    .executeTakeFirst();
  return Number(row?.entries ?? 0);
}

/**
 * The position (1 = the front) of the queued entry whose key is `key`: the entries
 * in the buckets before its own, from the counters, plus those ahead of it in its
 * own bucket, from the index.
 */
function positionOfKey(key: Expression<unknown>) {
  return sql<number>`(
    (select coalesce(sum(b.entries), 0) from waitlist_queue_buckets b where b.bucket < ${bucketOf(key)})
    + (select count(*) from waitlist_entries q
        where q.queue_key >= ${bucketStart(bucketOf(key))} and q.queue_key < ${key})
    + 1)::int`;
}

/** Where an entry stands, or undefined when it is not in the queue. */
export async function placeInQueue(db: DB, entryId: string): Promise<QueuePlace | undefined> {
  const row = await db
    .selectFrom('waitlistEntries as w')
    .select([
      positionOfKey(sql.ref('w.queueKey')).as('position'),
      sql<number>`(select coalesce(sum(entries), 0) from waitlist_queue_buckets)::int`.as('total'),
    ])
    .where('w.id', '=', entryId)
    .where('w.queueKey', 'is not', null)
    .executeTakeFirst();
  if (!row) return undefined;
  return { position: row.position, ahead: row.position - 1, total: row.total };
}

/**
 * The positions of a page's queued entries, by key. The entries before each bucket
 * are a running sum over the counter rows (about a thousand buckets at a million
 * entries, never the queue itself), computed once for the page; each key then
 * counts within its own bucket.
 */
export async function queuePositionsOf(
  db: DB,
  keys: readonly string[],
): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const { rows } = await sql<{ key: string; position: number }>`
    with ahead as (
      select bucket, (sum(sum(entries)) over (order by bucket) - sum(entries))::bigint as ahead
      from waitlist_queue_buckets group by bucket
    ), keys as (
      select key as key_text, key::numeric as key, waitlist_queue_bucket(key::numeric) as bucket
      from unnest(${[...keys]}::text[]) as key
    )
    select keys.key_text as key, (ahead.ahead + (
      select count(*) from waitlist_entries q
      where q.queue_key >= waitlist_queue_bucket_start(keys.bucket) and q.queue_key < keys.key
    ) + 1)::int as position
    from keys join ahead on ahead.bucket = keys.bucket`.execute(db);
  return new Map(rows.map((row) => [row.key, row.position]));
}

/**
 * The key of the entry at `position` (1 = the front), or undefined past the end:
 * the counters find its bucket, the index the entry within it. A page of the list
 * sorted by position starts there instead of skipping every entry before it.
 */
export async function queueKeyAt(db: DB, position: number): Promise<string | undefined> {
  if (position < 1) return undefined;
  const { rows } = await sql<{ queueKey: string }>`
    with counts as (
      select bucket, sum(entries)::bigint as entries,
             (sum(sum(entries)) over (order by bucket) - sum(entries))::bigint as ahead
      from waitlist_queue_buckets group by bucket
    ), holder as (
      select bucket, ahead from counts
      where ahead < ${position}::bigint and ahead + entries >= ${position}::bigint
      order by bucket limit 1
    )
    select q.queue_key from holder, lateral (
      select queue_key from waitlist_entries
      where queue_key >= waitlist_queue_bucket_start(holder.bucket)
      order by queue_key offset (${position}::bigint - holder.ahead - 1) limit 1
    ) q`.execute(db);
  return rows[0]?.queueKey;
}

/**
 * Makes the stored keys follow `boost` (REFERRAL_BOOST_PLACES), once per change:
 * at start, every instance asks; the first with a new value recomputes the keys
 * with referrals (and their buckets) under a table lock, the others find it done.
 * Returns whether this call recomputed them.
 */
export async function useReferralBoost(db: DB, boost: number): Promise<boolean> {
  const { rows } = await sql<{
    changed: boolean;
  }>`select waitlist_queue_use_boost(${boost}::int) as changed`.execute(db);
  return rows[0]?.changed ?? false;
}
