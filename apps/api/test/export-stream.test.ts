import type { Readable } from 'node:stream';
import { createDatabase, type DatabaseHandle, poolOf } from '@repo/db';
import { createTestDatabase, type TestDatabase } from '@repo/db/testing';
import { sql } from 'kysely';
import { to as copyTo } from 'pg-copy-streams';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyForExport, streamForExport } from '../src/export-stream';

const serverUrl = process.env.TEST_DATABASE_URL;
const STATEMENT_TIMEOUT_MS = 300;
const ROWS = 60;
const READ_DELAY_MS = 15; // 60 rows read slowly: about 900 ms, three times the timeout

/** Rows of a query nobody has to create a table for. */
function numbers(db: DatabaseHandle['db']) {
  return db
    .selectFrom(sql<{ n: number }>`generate_series(1, ${ROWS})`.as('g'))
    .select(sql<number>`g`.as('n'))
    .stream(5);
}

/** About 20 MB of CSV: more than the sockets hold, so the server waits on its reader. */
const BIG_COPY = `copy (select g, repeat('x', 1000) from generate_series(1, 20000) as g) to stdout with (format csv)`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The lines of a COPY, read after a pause of three statement timeouts. */
async function readAfterPause(copy: Readable): Promise<number> {
  let lines = 0;
  let paused = false;
  for await (const chunk of copy as AsyncIterable<Buffer>) {
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
    if (!paused) await sleep(3 * STATEMENT_TIMEOUT_MS);
    paused = true;
  }
  return lines;
}

async function readSlowly(rows: AsyncIterable<{ n: number }>): Promise<number> {
  let count = 0;
  for await (const _row of rows) {
    count += 1;
    await new Promise((resolve) => setTimeout(resolve, READ_DELAY_MS));
  }
  return count;
}

/**
 * A database of its own on the test server, whose pool cancels a statement after
 * STATEMENT_TIMEOUT_MS (as the API's does after 15 s), for the describe block that calls it.
 */
function databaseWithShortTimeout(): { handle: DatabaseHandle } {
  let server: TestDatabase | undefined;
  const database = {} as { handle: DatabaseHandle };
  beforeAll(async () => {
    server = await createTestDatabase(serverUrl);
    database.handle = await createDatabase({
      kind: 'postgres',
      url: server.url!,
      statementTimeoutMs: STATEMENT_TIMEOUT_MS,
    });
  });
  afterAll(async () => {
    await database.handle?.close();
    await server?.destroy();
  });
  return database;
}

// The export's cursor is one statement for the whole download: with the pool's
// statement_timeout it was cancelled mid-file (issue 13's bench, at 15 s).
describe.runIf(serverUrl)('an export read slowly', () => {
  const database = databaseWithShortTimeout();

  it('is cut by the pool statement timeout when read as a plain stream (the failure)', async () => {
    await expect(readSlowly(numbers(database.handle.db))).rejects.toMatchObject({ code: '57014' });
  });

  it('is read to its last row through streamForExport, and gives its connection back', async () => {
    expect(await readSlowly(streamForExport(database.handle.db, numbers))).toBe(ROWS);
    // The transaction ended: the next query on the pool sees the normal timeout again.
    const { rows } = await sql<{
      timeout: string;
    }>`select current_setting('statement_timeout') as timeout`.execute(database.handle.db);
    expect(rows[0]!.timeout).toBe(`${STATEMENT_TIMEOUT_MS}ms`);
  });

  it('ends its transaction when the reader stops early', async () => {
    const rows = streamForExport(database.handle.db, numbers);
    for await (const row of rows) if (row.n === 3) break;
    const { rows: open } = await sql<{ count: number }>`
      select count(*)::int as count from pg_stat_activity
      where datname = current_database() and state like 'idle in transaction%'`.execute(
      database.handle.db,
    );
    expect(open[0]!.count).toBe(0);
  });
});

// The same for the COPY of the waitlist export (issue 13): one statement for the
// whole download, on a client of its own.
describe.runIf(serverUrl)('a COPY read slowly', () => {
  const database = databaseWithShortTimeout();
  const pool = () => poolOf(database.handle.db)!;
  const allIdle = () => pool().totalCount === pool().idleCount;

  async function openTransactions(): Promise<number> {
    const { rows } = await sql<{ count: number }>`
      select count(*)::int as count from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()
        and (state like 'idle in transaction%' or query like 'copy (%' and state = 'active')`.execute(
      database.handle.db,
    );
    return rows[0]!.count;
  }

  it('is cut by the pool statement timeout when run on a pooled client as it is (the failure)', async () => {
    const client = await pool().connect();
    try {
      await expect(readAfterPause(client.query(copyTo(BIG_COPY)))).rejects.toMatchObject({
        code: '57014',
      });
    } finally {
      client.release(true);
    }
  });

  it('is read to its last line through copyForExport, and gives its client back', async () => {
    expect(await readAfterPause(await copyForExport(pool(), BIG_COPY))).toBe(20000);
    await expect.poll(allIdle).toBe(true);
    // The transaction ended: the next query on the pool sees the normal timeout again.
    const { rows } = await sql<{
      timeout: string;
    }>`select current_setting('statement_timeout') as timeout`.execute(database.handle.db);
    expect(rows[0]!.timeout).toBe(`${STATEMENT_TIMEOUT_MS}ms`);
  });

  it('gives its client back, its transaction over, when the reader stops early', async () => {
    const copy = await copyForExport(pool(), BIG_COPY);
    for await (const _chunk of copy) break;
    await expect.poll(allIdle).toBe(true);
    await expect.poll(openTransactions).toBe(0);
  });

  it('gives its client back when the COPY fails', async () => {
    const copy = await copyForExport(
      pool(),
      `copy (select 1 / (g - 20000) from generate_series(1, 20000) as g) to stdout`,
    );
    await expect(readAfterPause(copy)).rejects.toMatchObject({ code: '22012' });
    await expect.poll(allIdle).toBe(true);
    await expect.poll(openTransactions).toBe(0);
  });
});
