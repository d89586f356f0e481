import http from 'node:http';
import { type DB, poolOf } from '@repo/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, signInAdmin } from '../helpers/admin';
import { createTestContext, type TestContext } from '../helpers/test-app';

/*
 * Issue 32: nothing the console asks of the database runs away. A console
 * statement made to run long (it waits for a lock the test holds on a table the
 * dashboard reads) answers 503 with Retry-After once ADMIN_STATEMENT_TIMEOUT_MS
 * has passed, and is gone from the server; a console request whose client goes
 * away has its statement cancelled at once, long before its own timeout.
 * Server-side cancellation needs a PostgreSQL server (CI has one).
 */

const serverUrl = process.env.TEST_DATABASE_URL;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, condition: () => Promise<boolean>, limitMs = 20_000) {
  const deadline = Date.now() + limitMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

/** A connection of the test's own that holds a lock on the dashboard's rollup state. */
async function lockRollups(db: DB) {
  const pool = poolOf(db)!;
  const client = await pool.connect();
  await client.query('begin');
  const holder = (client as unknown as { processID: number }).processID;
  await client.query('lock table analytics_rollup_state in access exclusive mode');
  // Another connection watches: a transaction sees pg_stat_activity as it first read it.
  const observer = await pool.connect();
  /** Statements of the API on this database that are still running (waiting included). */
  const running = async () => {
    const result = await observer.query<{ count: number }>(
      `select count(*)::int as count from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and state = 'active'
         and pid <> $1
         and query ilike '%analytics_rollup_state%'`,
      [holder],
    );
    return result.rows[0]!.count;
  };
  return {
    running,
    release: async () => {
      await client.query('rollback');
      client.release();
      observer.release();
    },
  };
}

describe.runIf(serverUrl)('console statements under a budget (issue 32)', () => {
  let short: TestContext;
  let shortAdmin: AdminSession;
  let long: TestContext;
  let longAdmin: AdminSession;

  beforeAll(async () => {
    // Two routes of the test's own show the statement_timeout their statements run
    // with: one of the console (it declares a permission), one public.
    short = await createTestContext({ ADMIN_STATEMENT_TIMEOUT_MS: '300' }, (app) => {
      const timeout = async () =>
        (
          await sql<{
            timeout: string;
          }>`select current_setting('statement_timeout') as timeout`.execute(app.db)
        ).rows[0]!.timeout;
      app.get('/api/test/console-timeout', { config: { permission: 'signed-in' } }, timeout);
      app.get('/api/test/public-timeout', timeout);
      const planning = async () =>
        (
          await sql<{ planning: string }>`
            select current_setting('max_parallel_workers_per_gather')
                   || ' ' || current_setting('jit') as planning
          `.execute(app.db)
        ).rows[0]!.planning;
      app.get('/api/test/console-planning', { config: { permission: 'signed-in' } }, planning);
      app.get('/api/test/public-planning', planning);
    });
    shortAdmin = await signInAdmin(short);
    // A timeout far beyond the test: only the cancellation can end the statement.
    long = await createTestContext({ ADMIN_STATEMENT_TIMEOUT_MS: '600000' });
    longAdmin = await signInAdmin(long);
  });

  afterAll(async () => {
    long?.app.server.closeAllConnections();
    await long?.close();
    await short?.close();
  });

  it('runs every console statement with ADMIN_STATEMENT_TIMEOUT_MS, and public ones with their own', async () => {
    const console = await short.app.inject({ method: 'GET', url: '/api/test/console-timeout' });
    expect(console.body).toBe('300ms');
    const site = await short.app.inject({ method: 'GET', url: '/api/test/public-timeout' });
    expect(site.body).toBe('15s');
  });

  it('runs console statements without parallel workers or JIT (one backend each), and leaves public ones the server’s planning', async () => {
    const console = await short.app.inject({ method: 'GET', url: '/api/test/console-planning' });
    expect(console.body).toBe('0 off');
    const site = await short.app.inject({ method: 'GET', url: '/api/test/public-planning' });
    // As the server is set up (a connection of the test's own, outside any console request).
    const server = await sql<{ planning: string }>`
      select current_setting('max_parallel_workers_per_gather')
             || ' ' || current_setting('jit') as planning
    `.execute(short.database.db);
    expect(site.body).toBe(server.rows[0]!.planning);
    expect(server.rows[0]!.planning).not.toBe('0 off');
  });

  it('answers 503 with Retry-After in the error contract when a console statement runs too long, and leaves nothing running', async () => {
    const lock = await lockRollups(short.database.db);
    try {
      const response = await short.app.inject({
        method: 'GET',
        url: '/api/analytics/dashboard?days=30',
        headers: { cookie: shortAdmin.headers.cookie },
      });
      expect(response.statusCode).toBe(503);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(response.json()).toEqual({
        message: 'This took too long and was stopped, please try again shortly',
        type: 'query_timeout',
      });
      expect(await lock.running()).toBe(0);
      // Public routes keep their own pool and budget meanwhile.
      const health = await short.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
    } finally {
      await lock.release();
    }
    // And the console works again once the table is free.
    const again = await short.app.inject({
      method: 'GET',
      url: '/api/analytics/dashboard?days=30',
      headers: { cookie: shortAdmin.headers.cookie },
    });
    expect(again.statusCode).toBe(200);
  });

  it('cancels the statement of a console request whose client went away', async () => {
    await long.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = long.app.server.address() as { port: number };
    const lock = await lockRollups(long.database.db);
    try {
      const request = http.get({
        host: '127.0.0.1',
        port,
        path: '/api/analytics/dashboard?days=7',
        headers: { cookie: longAdmin.headers.cookie },
      });
      request.on('error', () => undefined);
      await until(
        'the dashboard statement to wait for the lock',
        async () => (await lock.running()) > 0,
      );
      request.destroy();
      await until(
        'the abandoned statement to be cancelled',
        async () => (await lock.running()) === 0,
      );
    } finally {
      await lock.release();
    }
    // The console pool is whole again: the next dashboard answers.
    const again = await long.app.inject({
      method: 'GET',
      url: '/api/analytics/dashboard?days=7',
      headers: { cookie: longAdmin.headers.cookie },
    });
    expect(again.statusCode).toBe(200);
  });
});
