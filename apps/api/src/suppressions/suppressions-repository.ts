import { createHash } from 'node:crypto';
import type { Page } from '@repo/validation';
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

/*
 * An erased person's suppressions (issue 19) must keep working without keeping
 * the address: erasure replaces it with `erased:` and the SHA-256 of the
 * lower-cased address. Every lookup by address matches either form, so the
 * address still gets no mail, and nobody reading the table learns it.
 */
const ERASED_PREFIX = 'erased:';

/** What an erased suppression keeps in place of `email`. */
export function erasedSuppressionKey(email: string): string {
  return `${ERASED_PREFIX}${createHash('sha256').update(email.toLowerCase(), 'utf8').digest('hex')}`;
}

/** The forms a suppression of `email` may be stored under. */
function storedForms(email: string): string[] {
  return [email.toLowerCase(), erasedSuppressionKey(email)];
}

/**
 * Erasure: the address's suppressions keep their stream, reason and time, under
 * the erased key, without the provider's detail (it may quote the address).
 * Returns how many were kept that way.
 */
export async function pseudonymiseSuppressions(db: DB, email: string): Promise<number> {
  const key = erasedSuppressionKey(email);
  // A stream already suppressed under the key (an earlier erasure) keeps that row.
  await db
    .deleteFrom('emailSuppressions as s')
    .where('s.email', '=', email.toLowerCase())
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('emailSuppressions as k')
          .select('k.email')
          .where('k.email', '=', key)
          .whereRef('k.stream', '=', 's.stream'),
      ),
    )
    .execute();
  const result = await db
    .updateTable('emailSuppressions')
    .set({ email: key, detail: null })
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
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
  // Suppressed before an erasure: it stays so, under the erased key.
  if (await findSuppression(db, email, stream)) return false;
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
    .where('email', 'in', storedForms(email))
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
    .where('email', 'in', storedForms(email))
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
    .where('email', 'in', storedForms(email))
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
    // An erased address is found by typing it in full.
    base = base.where(
      sql<boolean>`(email like ${pattern} or email = ${erasedSuppressionKey(query.search.trim())})`,
    );
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
