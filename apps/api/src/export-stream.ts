import type { DB, poolOf } from '@repo/db';
import { sql } from 'kysely';
import type { Readable } from 'node:stream';
import { to as copyTo } from 'pg-copy-streams';

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

type Pool = NonNullable<ReturnType<typeof poolOf>>;

/**
 * Streams `copy` (a whole `COPY (…) TO STDOUT` statement: COPY takes no
 * parameters) in the same kind of transaction as streamForExport, on a client of
 * its own from `pool`, with the statement's own planner `settings` (SET LOCAL;
 * constants of the code, never input). Resolves once the transaction has begun,
 * so that a pool or server failing there gives an ordinary error answer rather
 * than a cut file. The stream carries PostgreSQL's bytes as its consumer reads
 * them: while it is not read, the socket is not either, and the server waits
 * (memory stays flat).
 *
 * The client goes back to the pool after a COMMIT once the stream has ended. A
 * stream that ends otherwise (a database error, or destroyed early because the
 * HTTP client went away) closes its connection instead: it is mid-COPY, so
 * unusable, and closing it ends the server's transaction at once.
 */
export async function copyForExport(
  pool: Pool,
  copy: string,
  { settings = {} }: { settings?: Record<string, string> } = {},
): Promise<Readable> {
  const client = await pool.connect();
  let released = false;
  const release = (error?: Error) => {
    if (released) return;
    released = true;
    client.release(error);
  };
  try {
    await client.query(
      [
        'begin isolation level repeatable read read only',
        `set local statement_timeout = ${EXPORT_STATEMENT_TIMEOUT_MS}`,
        `set local client_encoding = 'UTF8'`,
        ...Object.entries(settings).map(([name, value]) => `set local ${name} = ${value}`),
      ].join(';\n'),
    );
  } catch (error) {
    release(error as Error);
    throw error;
  }
  const stream = client.query(copyTo(copy));
  // pg-copy-streams emits an error (a failed COPY, a lost connection) without
  // destroying the stream, and pg may report the connection's end to it after it
  // was destroyed: the listener stays, and makes sure the stream closes.
  stream.on('error', () => stream.destroy());
  let ended = false;
  stream.once('end', () => (ended = true));
  stream.once('close', () => {
    if (!ended) {
      release(new Error('CSV export stream closed before its end'));
      return;
    }
    client.query('commit').then(
      () => release(),
      (error: Error) => release(error),
    );
  });
  return stream;
}
