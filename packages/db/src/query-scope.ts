import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

/**
 * A console request's budget on the database (issue 32): every statement run
 * inside the scope (runInQueryScope) gets `statementTimeoutMs` as its
 * statement_timeout and runs on the console's own pool, so that a console left
 * open can neither run a query for minutes nor take the connections the public
 * site needs. When the request is gone (abortQueryScope), its running
 * statements are cancelled on the server and new ones are refused.
 */
export interface QueryScope {
  readonly statementTimeoutMs: number;
  aborted: boolean;
  /** Clients checked out in the scope, by their server process id. */
  readonly clients: Set<pg.PoolClient>;
}

/** The error of a statement refused because its request was abandoned. */
export class QueryAbortedError extends Error {
  readonly code = 'ERR_QUERY_ABORTED';
  constructor() {
    super('The request was abandoned: its database work was cancelled');
    this.name = 'QueryAbortedError';
  }
}

const scopes = new AsyncLocalStorage<QueryScope>();

export function createQueryScope(statementTimeoutMs: number): QueryScope {
  return { statementTimeoutMs, aborted: false, clients: new Set() };
}

/** Runs `fn` (and everything it starts) inside `scope`. */
export function runInQueryScope<T>(scope: QueryScope, fn: () => T): T {
  return scopes.run(scope, fn);
}

/**
 * Runs `fn` (and everything it starts) outside any query scope: background work a
 * console request starts (a bulk run) belongs to the API, not to the request. It
 * must neither be cancelled when that request's client goes away nor take the
 * console's share of the pool for minutes.
 */
export function outsideQueryScope<T>(fn: () => T): T {
  return scopes.exit(fn);
}

/** Clients whose statement is being cancelled: they are closed, never reused, when released. */
const doomed = new WeakSet<pg.PoolClient>();
/** The statement_timeout each console client was last given. */
const timeouts = new WeakMap<pg.ClientBase, number>();

/**
 * A pool-like router for Kysely: statements inside a query scope check a client
 * out of `consolePool` with the scope's statement timeout (set once per client,
 * so no round trip is added), the others out of `pool`.
 */
export function scopedPool(pool: pg.Pool, consolePool: pg.Pool) {
  return {
    // Kysely 0.29 reads the pool's options (its own connections for cancelling).
    options: pool.options,
    async connect(): Promise<pg.PoolClient> {
      const scope = scopes.getStore();
      if (!scope) return pool.connect();
      if (scope.aborted) throw new QueryAbortedError();
      const client = await consolePool.connect();
      try {
        if (scope.aborted) throw new QueryAbortedError();
        if (timeouts.get(client) !== scope.statementTimeoutMs) {
          await client.query(`set statement_timeout = ${Math.trunc(scope.statementTimeoutMs)}`);
          timeouts.set(client, scope.statementTimeoutMs);
        }
      } catch (error) {
        client.release(error instanceof QueryAbortedError ? undefined : (error as Error));
        throw error;
      }
      scope.clients.add(client);
      const release = client.release.bind(client);
      client.release = (destroy?: boolean | Error) => {
        scope.clients.delete(client);
        return release(doomed.has(client) ? true : destroy);
      };
      return client;
    },
    async end(): Promise<void> {
      await Promise.all([pool.end(), consolePool.end()]);
    },
  };
}

/**
 * The request of `scope` is gone: refuses its next statements and cancels the
 * running ones (pg_cancel_backend through `pool`). A cancelled client is closed
 * when released, so a cancel that arrives late can never hit another request's
 * statement on a reused connection.
 */
export async function abortQueryScope(scope: QueryScope, pool: pg.Pool): Promise<void> {
  scope.aborted = true;
  const pids: number[] = [];
  for (const client of scope.clients) {
    doomed.add(client);
    const pid = (client as unknown as { processID?: number }).processID;
    if (pid) pids.push(pid);
  }
  if (pids.length === 0) return;
  await pool.query('select pg_cancel_backend(pid) from unnest($1::int[]) as pid', [pids]);
}
