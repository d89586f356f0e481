import type { DB, WebhookDeliveryRow } from '@repo/db';
import { sql } from 'kysely';

/** A delivery a worker holds under lease; `leaseToken` guards every later update. */
export type ClaimedDelivery = WebhookDeliveryRow & { leaseToken: string };

/**
 * Claims up to `limit` due deliveries. `for update skip locked` lets several API
 * instances drain the table without ever taking the same row; the lease lets
 * another take over a row whose worker died mid-attempt (that attempt may have
 * arrived: receivers deduplicate on `webhook-id`).
 */
export async function claimDueDeliveries(
  db: DB,
  { limit, leaseMs }: { limit: number; leaseMs: number },
): Promise<ClaimedDelivery[]> {
  const result = await sql<ClaimedDelivery>`
    update webhook_deliveries as d
    set state = 'sending',
        attempts = d.attempts + 1,
        locked_until = now() + make_interval(secs => ${leaseMs / 1000}),
        lease_token = gen_random_uuid(),
        updated_at = now()
    from (
      select id from webhook_deliveries
      where state in ('pending', 'sending')
        and next_attempt_at <= now()
        and (state = 'pending' or locked_until < now())
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    ) as due
    where d.id = due.id
    returning d.*
  `.execute(db);
  return result.rows;
}

export interface AttemptRecord {
  status: number | null;
  durationMs: number;
  response: string | null;
  error: string | null;
}

/**
 * Ends a claim with `outcome` and logs the attempt, only while this worker still holds
 * the row (false when the lease was lost: the other worker records its own attempt).
 */
export async function finishAttempt(
  db: DB,
  claim: ClaimedDelivery,
  attempt: AttemptRecord,
  outcome: { state: 'succeeded' | 'failed' } | { state: 'pending'; retryInMs: number },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('webhookDeliveries')
      .set({
        state: outcome.state,
        nextAttemptAt:
          outcome.state === 'pending'
            ? sql<Date>`now() + make_interval(secs => ${outcome.retryInMs / 1000})`
            : sql<Date>`next_attempt_at`,
        lockedUntil: null,
        leaseToken: null,
        lastStatus: attempt.status,
        lastDurationMs: attempt.durationMs,
        lastError: attempt.error,
        updatedAt: sql<Date>`now()`,
      })
      .where('id', '=', claim.id)
      .where('leaseToken', '=', claim.leaseToken)
      .where('state', '=', 'sending')
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return false;
    await trx
      .insertInto('webhookAttempts')
      .values({ deliveryId: claim.id, attempt: claim.attempts, ...attempt })
      .execute();
    return true;
  });
}

/** Deliveries and their attempts older than `days` are deleted (the log keeps 30 days). */
export async function purgeOldDeliveries(db: DB, days: number): Promise<number> {
  const deleted = await db
    .deleteFrom('webhookDeliveries')
    .where('createdAt', '<', sql<Date>`now() - make_interval(days => ${days})`)
    .where('state', 'in', ['succeeded', 'failed'])
    .executeTakeFirst();
  // Events no delivery refers to any more, past the same age (Zapier's samples read recent ones).
  await db
    .deleteFrom('webhookEvents')
    .where('createdAt', '<', sql<Date>`now() - make_interval(days => ${days})`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('webhookDeliveries')
            .select(sql`1`.as('one'))
            .whereRef('webhookDeliveries.eventId', '=', 'webhookEvents.id'),
        ),
      ),
    )
    .execute();
  return Number(deleted.numDeletedRows);
}
