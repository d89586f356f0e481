import type { DB } from '@repo/db';
import { sql } from 'kysely';
import { createSnapshot } from '../snapshot';
import { findWaitlistEntry, type WaitlistEntryRecord } from './waitlist-repository';

/**
 * The waitlist queue (issue 11): confirmed entries that hold no seat (no
 * participant row), ordered by
 *   1. an invite code redeemed while the beta was full (the front, in order of redemption),
 *   2. signup rank minus `boost` places per confirmed referral,
 *   3. more referrals first on a tie (so a referral moves its referrer up exactly
 *      `boost` places past the person it lands on), then signup time.
 * Unconfirmed entries take no position.
 *
 * Computed with two window functions, for the whole queue at once: the console
 * and a person's status and confirmation pages read it from the ranking
 * snapshot (queueRankingOf), never in a signup's path.
 */
/** Who is in the queue: confirmed entries that hold no seat (no participant row). */
function queueEntries(db: DB) {
  return db
    .selectFrom('waitlistEntries as q')
    .where('q.confirmedAt', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('betaParticipants as seat')
            .select('seat.id')
            .whereRef('seat.waitlistEntryId', '=', 'q.id'),
        ),
      ),
    );
}

export function queuePositions(db: DB, boost: number) {
  const queue = queueEntries(db).select([
    'q.id',
    'q.createdAt',
    'q.referralCount',
    'q.queuePriorityAt',
    sql<number>`(row_number() over (order by q.created_at, q.id))::int`.as('signupRank'),
  ]);
  return db.selectFrom(queue.as('queue')).select([
    'queue.id',
    sql<number>`(row_number() over (
        order by queue.queue_priority_at asc nulls last,
                 queue.signup_rank - ${boost}::int * queue.referral_count,
                 queue.referral_count desc,
                 queue.created_at,
                 queue.id))::int`.as('position'),
    sql<number>`(count(*) over ())::int`.as('total'),
  ]);
}

export interface QueuePlace {
  /** 1 is the front of the queue. */
  position: number;
  ahead: number;
  total: number;
}

/** Where an entry stands, or undefined when it is not in the queue. */
export async function placeInQueue(
  db: DB,
  entryId: string,
  boost: number,
): Promise<QueuePlace | undefined> {
  const row = await db
    .selectFrom(queuePositions(db, boost).as('ranked'))
    .select(['ranked.position', 'ranked.total'])
    .where('ranked.id', '=', entryId)
    .executeTakeFirst();
  if (!row) return undefined;
  return { position: row.position, ahead: row.position - 1, total: row.total };
}

/** The first `limit` people in queue order (auto-fill invites them). */
export async function nextInQueue(
  db: DB,
  limit: number,
  boost: number,
): Promise<WaitlistEntryRecord[]> {
  if (limit <= 0) return [];
  const ids = await db
    .selectFrom(queuePositions(db, boost).as('ranked'))
    .select('ranked.id')
    .orderBy('ranked.position')
    .limit(limit)
    .execute();
  const entries: WaitlistEntryRecord[] = [];
  // One after another: `db` may be a transaction (one connection).
  for (const { id } of ids) {
    const entry = await findWaitlistEntry(db, id);
    if (entry) entries.push(entry);
  }
  return entries;
}

/** Every queued entry's position, in queue order. */
interface QueueRanking {
  /** Entry ids from the front of the queue. */
  order: string[];
  positions: Map<string, number>;
}

async function loadRanking(db: DB, boost: number): Promise<QueueRanking> {
  const rows = await db
    .selectFrom(queuePositions(db, boost).as('ranked'))
    .select(['ranked.id', 'ranked.position'])
    .orderBy('ranked.position')
    .execute();
  return {
    order: rows.map((row) => row.id),
    positions: new Map(rows.map((row) => [row.id, row.position])),
  };
}

/**
 * The whole ranking, computed at most once per `maxAgeMs` (two window functions
 * over every confirmed entry: about a quarter of a second at 100,000, too much
 * for each page of the console's list or each visit of a status page; issues 13
 * and 19). Past `maxAgeMs`, readers keep the previous ranking while one request
 * recomputes it (for as long again at most), so nobody waits for the
 * recomputation: a position may be up to twice `maxAgeMs` old.
 */
function createQueueRanking(db: DB, options: { boost: number; maxAgeMs: number }) {
  return createSnapshot(() => loadRanking(db, options.boost), {
    maxAgeMs: options.maxAgeMs,
    staleWhileRevalidateMs: options.maxAgeMs,
  });
}
export type QueueRankingSnapshot = ReturnType<typeof createQueueRanking>;

const rankings = new WeakMap<DB, QueueRankingSnapshot>();

/**
 * The one ranking snapshot of a database, shared by the console's list and the
 * people's own status and confirmation pages (one recomputation serves both).
 */
export function queueRankingOf(
  db: DB,
  config: { REFERRAL_BOOST_PLACES: number; QUEUE_RANKING_MAX_AGE_MS: number },
): QueueRankingSnapshot {
  let ranking = rankings.get(db);
  if (!ranking) {
    ranking = createQueueRanking(db, {
      boost: config.REFERRAL_BOOST_PLACES,
      maxAgeMs: config.QUEUE_RANKING_MAX_AGE_MS,
    });
    rankings.set(db, ranking);
  }
  return ranking;
}
