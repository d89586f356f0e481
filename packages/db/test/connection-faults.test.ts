import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../src/testing';

const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * A connection that the server ends (restart, failover, pg_terminate_backend)
 * must fail the request that used it, never the process. Each case kills the
 * backend of a connection the pool has checked out, at a moment when no query
 * of that client is running: the case that once ended the API with an
 * unhandled 'error' event (57P01).
 */
describe.runIf(serverUrl)('connection faults on PostgreSQL', () => {
  let database: TestDatabase;
  let admin: pg.Client;
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    process.on('uncaughtException', onUncaught);
  });

  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    await admin.end();
    await database.destroy();
  });

  const terminate = (pid: number) =>
    admin.query('select pg_terminate_backend($1)', [pid]).then(() => undefined);

  it('a backend killed between two statements of a transaction fails that transaction only', async () => {
    const attempt = database.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      await terminate(rows[0]!.pid);
      // Give the socket time to close while the client sits checked out and idle.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await sql`select 1`.execute(trx);
    });
    await expect(attempt).rejects.toThrow();
    // The pool has replaced the dead client: the next query works.
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
    expect(rows[0]?.one).toBe(1);
    expect(uncaught).toEqual([]);
  });

  it('idle pooled connections killed by the server do not end the process', async () => {
    await Promise.all(
      Array.from({ length: 4 }, () => sql`select pg_sleep(0.05)`.execute(database.db)),
    );
    const name = new URL(database.url!).pathname.slice(1);
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
    expect(rows[0]?.one).toBe(1);
    expect(uncaught).toEqual([]);
  });

  it('a statement running past the statement timeout is cancelled by the server', async () => {
    const { createDatabase } = await import('../src/create-database');
    const short = await createDatabase({
      kind: 'postgres',
      url: database.url!,
      statementTimeoutMs: 100,
    });
    try {
      await expect(sql`select pg_sleep(2)`.execute(short.db)).rejects.toThrow(/statement timeout/);
    } finally {
      await short.close();
    }
  });
});
