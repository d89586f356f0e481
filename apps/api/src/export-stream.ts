import type { DB } from '@repo/db';
import { sql } from 'kysely';

/**
 * How long an export's query may run. A cursor is one statement for the whole
 * download, so the pool's `statement_timeout` (15 s) cut a large export, or one
 * read slowly, short after its 200 had been sent: the file just stopped.
 */
const EXPORT_STATEMENT_TIMEOUT_MS = 30 * 60_000;

/**
 * Reads `rows` (a `.stream()` query) in a read-only, repeatable-read transaction
 * of its own with the export's statement timeout: one consistent snapshot, however
 * long the client takes. The transaction ends with the stream, also when the
 * client goes away (the consumer's `return`) or the database fails.
 */
export async function* streamForExport<T>(
  db: DB,
  rows: (trx: DB) => AsyncIterable<T>,
): AsyncGenerator<T> {
  const trx = await db
    .startTransaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute();
  let committed = false;
  try {
    await sql`set local statement_timeout = ${sql.lit(EXPORT_STATEMENT_TIMEOUT_MS)}`.execute(trx);
    yield* rows(trx);
    await trx.commit().execute();
    committed = true;
  } finally {
    if (!committed)
      await trx
        .rollback()
        .execute()
        .catch(() => undefined);
  }
}
