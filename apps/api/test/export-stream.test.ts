import { createDatabase, type DatabaseHandle } from '@repo/db';
import { createTestDatabase, type TestDatabase } from '@repo/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamForExport } from '../src/export-stream';

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

async function readSlowly(rows: AsyncIterable<{ n: number }>): Promise<number> {
  let count = 0;
  for await (const _row of rows) {
    count += 1;
    await new Promise((resolve) => setTimeout(resolve, READ_DELAY_MS));
  }
  return count;
}

// The export's cursor is one statement for the whole download: with the pool's
// statement_timeout it was cancelled mid-file (issue 13's bench, at 15 s).
describe.runIf(serverUrl)('an export read slowly', () => {
  let server: TestDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    server = await createTestDatabase(serverUrl);
    handle = await createDatabase({
      kind: 'postgres',
      url: server.url!,
      statementTimeoutMs: STATEMENT_TIMEOUT_MS,
    });
  });

  afterAll(async () => {
    await handle?.close();
    await server?.destroy();
  });

  it('is cut by the pool statement timeout when read as a plain stream (the failure)', async () => {
    await expect(readSlowly(numbers(handle.db))).rejects.toMatchObject({ code: '57014' });
  });

  it('is read to its last row through streamForExport, and gives its connection back', async () => {
    expect(await readSlowly(streamForExport(handle.db, numbers))).toBe(ROWS);
    // The transaction ended: the next query on the pool sees the normal timeout again.
    const { rows } = await sql<{
      timeout: string;
    }>`select current_setting('statement_timeout') as timeout`.execute(handle.db);
    expect(rows[0]!.timeout).toBe(`${STATEMENT_TIMEOUT_MS}ms`);
  });

  it('ends its transaction when the reader stops early', async () => {
    const rows = streamForExport(handle.db, numbers);
    for await (const row of rows) if (row.n === 3) break;
    const { rows: open } = await sql<{ count: number }>`
      select count(*)::int as count from pg_stat_activity
      where datname = current_database() and state like 'idle in transaction%'`.execute(handle.db);
    expect(open[0]!.count).toBe(0);
  });
});
