import type { Page } from '@repo/api-client';
import type { DB, EmailStream, SuppressionOrigin } from '@repo/db';
import { sql } from 'kysely';
import { onePage } from '../paginate';

export interface SuppressionInput {
  stream: EmailStream;
  reason: string;
  origin: SuppressionOrigin;
  detail?: string | null;
  /** When it happened (a webhook's time); default now. */
  at?: Date;
}

/**
 * Stops mail to an address on one stream. Idempotent: the first reason stays.
 * Returns true when the address was not suppressed there before.
 */
export async function suppressEmail(
  db: DB,
  email: string,
  { stream, reason, origin, detail = null, at }: SuppressionInput,
): Promise<boolean> {
  const inserted = await db
    .insertInto('emailSuppressions')
    .values({
      email: email.toLowerCase(),
      stream,
      reason,
      origin,
      detail,
      ...(at ? { createdAt: at } : {}),
    })
    .onConflict((conflict) => conflict.columns(['email', 'stream']).doNothing())
    .returning('email')
    .executeTakeFirst();
  return Boolean(inserted);
}

/** Origins Postmark may lift (a reactivation there); an unsubscribe made here stays. */
const LIFTABLE_BY_POSTMARK: SuppressionOrigin[] = ['hard_bounce', 'spam_complaint', 'postmark'];

/**
 * Lifts a suppression Postmark reported as reactivated, unless it is newer than
 * the reactivation (events arrive out of order). Returns true when one was lifted.
 */
export async function unsuppressEmail(
  db: DB,
  email: string,
  stream: EmailStream,
  { notAfter }: { notAfter: Date },
): Promise<boolean> {
  const result = await db
    .deleteFrom('emailSuppressions')
    .where('email', '=', email.toLowerCase())
    .where('stream', '=', stream)
    .where('origin', 'in', LIFTABLE_BY_POSTMARK)
    .where('createdAt', '<=', notAfter)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Removed by staff: any origin. Returns the removed row's origin, or undefined. */
export async function removeSuppression(
  db: DB,
  email: string,
  stream: EmailStream,
): Promise<SuppressionOrigin | undefined> {
  const row = await db
    .deleteFrom('emailSuppressions')
    .where('email', '=', email.toLowerCase())
    .where('stream', '=', stream)
    .returning('origin')
    .executeTakeFirst();
  return row?.origin;
}

/** Why an address gets no mail on a stream, or undefined. */
export async function findSuppression(
  db: DB,
  email: string,
  stream: EmailStream,
): Promise<{ reason: string; createdAt: Date } | undefined> {
  return db
    .selectFrom('emailSuppressions')
    .select(['reason', 'createdAt'])
    .where('email', '=', email.toLowerCase())
    .where('stream', '=', stream)
    .executeTakeFirst();
}

export interface SuppressionRecord {
  email: string;
  stream: EmailStream;
  reason: string;
  origin: SuppressionOrigin;
  detail: string | null;
  createdAt: string;
}

export async function listSuppressions(
  db: DB,
  query: { page: number; pageSize: number; search?: string; stream?: EmailStream },
): Promise<Page<SuppressionRecord>> {
  let base = db.selectFrom('emailSuppressions');
  if (query.stream) base = base.where('stream', '=', query.stream);
  if (query.search) {
    const pattern = `%${query.search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    base = base.where(sql<boolean>`email like ${pattern}`);
  }
  const [rows, count] = await Promise.all([
    base
      .select(['email', 'stream', 'reason', 'origin', 'detail', 'createdAt'])
      .orderBy('createdAt', 'desc')
      .orderBy('email')
      .$call(onePage(query))
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    total: Number(count.count),
    page: query.page,
    pageSize: query.pageSize,
  };
}
