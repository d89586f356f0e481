import type { DB } from '@repo/db';
import { sql } from 'kysely';

/** How long a key's answer is kept (and replayed). */
const IDEMPOTENCY_KEY_TTL_HOURS = 24;

export interface StoredAnswer {
  requestHash: string;
  statusCode: number;
  response: unknown;
}

/**
 * Holds `scope` + `key` until the transaction ends: a second request with the
 * same key waits here, then finds the first one's answer.
 */
export async function lockIdempotencyKey(db: DB, scope: string, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`${scope}\n${key}`}, 23019))`.execute(
    db,
  );
}

/** The answer kept for this caller's key, if it is younger than the TTL. */
export async function findStoredAnswer(
  db: DB,
  scope: string,
  key: string,
): Promise<StoredAnswer | undefined> {
  return db
    .selectFrom('idempotencyKeys')
    .select(['requestHash', 'statusCode', 'response'])
    .where('scope', '=', scope)
    .where('key', '=', key)
    .where(
      'createdAt',
      '>',
      sql<Date>`now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})`,
    )
    .executeTakeFirst();
}

/** Keeps an answer (replacing an expired one under the same key). */
export async function storeAnswer(
  db: DB,
  scope: string,
  key: string,
  answer: StoredAnswer,
): Promise<void> {
  await db
    .insertInto('idempotencyKeys')
    .values({
      scope,
      key,
      requestHash: answer.requestHash,
      statusCode: answer.statusCode,
      response: JSON.stringify(answer.response),
    })
    .onConflict((conflict) =>
      conflict.columns(['scope', 'key']).doUpdateSet((eb) => ({
        requestHash: eb.ref('excluded.requestHash'),
        statusCode: eb.ref('excluded.statusCode'),
        response: eb.ref('excluded.response'),
        createdAt: sql<Date>`now()`,
      })),
    )
    .execute();
}

/** Deletes the keys older than the TTL; returns how many. */
export async function purgeExpiredIdempotencyKeys(db: DB): Promise<number> {
  const result = await db
    .deleteFrom('idempotencyKeys')
    .where(
      'createdAt',
      '<=',
      sql<Date>`now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})`,
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
