import type { DB } from '@repo/db';
import { createSnapshot } from '../snapshot';
import { loadRanking } from './waitlist-repository';

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
type QueueRankingSnapshot = ReturnType<typeof createQueueRanking>;

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
