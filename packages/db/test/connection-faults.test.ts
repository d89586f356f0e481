import { type AddressInfo, createServer, type Socket } from 'node:net';
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

  it('waiting in line for a busy pool is not a connect timeout', async () => {
    const { createDatabase } = await import('../src/create-database');
    const busy = await createDatabase({
      kind: 'postgres',
      url: database.url!,
      poolSize: 1,
      connectionTimeoutMs: 200,
      acquireTimeoutMs: 5_000,
    });
    try {
      // The second query waits ~400 ms for the only connection: longer than the connect timeout.
      const results = await Promise.all(
        [1, 2].map((n) =>
          sql<{ n: number }>`select ${n}::int as n, pg_sleep(0.4)`.execute(busy.db),
        ),
      );
      expect(results.map((result) => result.rows[0]!.n)).toEqual([1, 2]);
    } finally {
      await busy.close();
    }
  });

  it('a server that never answers fails the connection after the connect timeout', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const { createDatabase } = await import('../src/create-database');
    const dead = await createDatabase({
      kind: 'postgres',
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      connectionTimeoutMs: 300,
      acquireTimeoutMs: 5_000,
    });
    const started = Date.now();
    try {
      await expect(sql`select 1`.execute(dead.db)).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await dead.close();
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});
