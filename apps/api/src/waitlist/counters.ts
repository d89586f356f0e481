import type { DB } from '@repo/db';
import { sql } from 'kysely';

/**
 * Issue 32: the waitlist's counter tables (queue buckets, signup sources) are
 * append-only, so writers never wait on one another's counter rows nor deadlock
 * taking two of them in opposite orders. Folding sums each key's rows into one
 * (waitlist_counts_fold(), migration 028) so that readers keep summing a few
 * hundred rows; one instance at a time (an advisory lock, skipped when held).
 * Returns the rows folded away, or undefined when another instance was folding.
 */
export async function foldWaitlistCounters(db: DB): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_xact_lock(hashtext('wordloom:waitlist-counters')) as locked`.execute(
      trx,
    );
    if (!rows[0]?.locked) return undefined;
    const folded = await sql<{ folded: string }>`select waitlist_counts_fold() as folded`.execute(
      trx,
    );
    return Number(folded.rows[0]?.folded ?? 0);
  });
}
