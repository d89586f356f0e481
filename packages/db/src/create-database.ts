import { mkdirSync } from 'node:fs';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import PgCursor from 'pg-cursor';
import { abortQueryScope, type QueryScope, scopedPool } from './query-scope';
import type { Database } from './schema';

/**
 * pg-cursor's close() waits for a ReadyForQuery that never comes once the
 * connection has failed (brianc/node-postgres#2642, open): Kysely's `.stream()`
 * awaits it in a `finally`, so a CSV export whose connection was killed would
 * hang for good, holding its pooled client and its HTTP response (and a graceful
 * shutdown behind them). After an error the portal is gone: nothing to close.
 */
class Cursor<Row = unknown> extends PgCursor<Row> {
  override close(): Promise<void>;
  override close(callback: (err: Error) => void): undefined;
  override close(callback?: (err: Error) => void): Promise<void> | undefined {
    if ((this as unknown as { state: string }).state === 'error') {
      if (!callback) return Promise.resolve();
      setImmediate(callback as () => void);
      return undefined;
    }
    return callback ? super.close(callback) : super.close();
  }
}

export type DatabaseTarget =
  /** A PostgreSQL server. */
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** Give up on a new connection after this long (default 2 s): no request hangs on a dead server. */
      connectionTimeoutMs?: number;
      /**
       * How long a query may wait for a free pooled connection (default 10 s).
       * Separate from the connect timeout: under a burst, waiting in line for a
       * healthy server is not an outage and must not turn into 503s.
       */
      acquireTimeoutMs?: number;
      /** The server cancels any statement running longer (default 15 s). */
      statementTimeoutMs?: number;
      /**
       * Connections of the console's own pool (issue 32: statements run inside a
       * query scope use it, with the scope's statement timeout), taken from
       * `poolSize`. Default: a quarter of it, at least 1.
       */
      consolePoolSize?: number;
    }
  /** Embedded PostgreSQL (PGlite) persisted in a folder, or in memory when `dataDir` is omitted. */
  | { kind: 'embedded'; dataDir?: string };

export type DB = Kysely<Database>;

/** The settings of every connection of the console's pool (sent when it opens: no round trip). */
export const CONSOLE_SESSION_OPTIONS = '-c max_parallel_workers_per_gather=0 -c jit=off';

export interface DatabaseHandle {
  db: DB;
  kind: DatabaseTarget['kind'];
  /** Closes the pool or the embedded database. */
  close: () => Promise<void>;
}

// node-pg returns int8 (count(*), bigserial) as strings; these are counts and
// ids well inside 2^53, so parse them as numbers like the embedded driver does.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

const pools = new WeakMap<DB, pg.Pool>();

/**
 * Cancels the running statements of an abandoned console request (issue 32; see
 * query-scope.ts). Nothing to do on the embedded database, which runs one
 * statement at a time and has no query scopes.
 */
export async function abortQueries(db: DB, scope: QueryScope): Promise<void> {
  const pool = pools.get(db);
  if (pool) await abortQueryScope(scope, pool);
}

/**
 * The pool behind a database on a PostgreSQL server (undefined on the embedded
 * one), for what Kysely cannot do: streaming a `COPY … TO STDOUT` (CSV exports).
 */
export function poolOf(db: DB): pg.Pool | undefined {
  return pools.get(db);
}

export async function createDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  const plugins = [new CamelCasePlugin()];
  if (target.kind === 'postgres') {
    const connectTimeoutMs = target.connectionTimeoutMs ?? 2_000;
    // pg-pool uses one setting for both the wait in line and a new connection;
    // the client class carries the (shorter) connect timeout itself.
    class TimedClient extends pg.Client {
      constructor(config: pg.ClientConfig) {
        super({ ...config, connectionTimeoutMillis: connectTimeoutMs });
      }
    }
    const poolSize = target.poolSize ?? 10;
    const poolOptions = {
      connectionString: target.url,
      Client: TimedClient as unknown as new () => pg.ClientBase,
      connectionTimeoutMillis: Math.max(connectTimeoutMs, target.acquireTimeoutMs ?? 10_000),
      statement_timeout: target.statementTimeoutMs ?? 15_000,
    };
    // The console's share comes out of the pool size: the instance's connections stay
    // within DATABASE_POOL_SIZE (a pool of 1 still gets one of each).
    const consolePoolSize = target.consolePoolSize ?? Math.max(1, Math.floor(poolSize / 4));
    const pool = new pg.Pool({ ...poolOptions, max: Math.max(1, poolSize - consolePoolSize) });
    // A console statement runs in its own backend only: no parallel workers, no
    // JIT compilation. A parallel plan takes every core of a small database server
    // (a count over a million entries ran on three backends at once), and the
    // public requests waiting behind it are the ones with a budget (issue 32).
    const consolePool = new pg.Pool({
      ...poolOptions,
      max: consolePoolSize,
      options: CONSOLE_SESSION_OPTIONS,
    });
    // A connection that dies (server restart, pg_terminate_backend) emits 'error'
    // on its client. Idle clients report through the pool; a checked-out client
    // between two queries of a transaction has no listener of its own, and an
    // unhandled 'error' event would end the process. The query in flight (or the
    // next one) fails with the error instead, and the pool drops the client.
    for (const each of [pool, consolePool]) {
      each.on('error', () => undefined);
      each.on('connect', (client) => {
        client.on('error', () => undefined);
      });
    }
    // The cursor lets `.stream()` read large results (CSV exports) in chunks.
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: scopedPool(pool, consolePool), cursor: Cursor }),
      plugins,
    });
    pools.set(db, pool);
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const { PGlite, pg_trgm, PGliteDialect } = await loadEmbeddedDatabase();
  // pg_trgm backs the waitlist search index; PGlite loads extensions when it opens.
  const extensions = { pg_trgm };
  const pglite = target.dataDir
    ? new PGlite(target.dataDir, { extensions })
    : new PGlite({ extensions });
  await pglite.waitReady;
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), plugins });
  return { db, kind: 'embedded', close: () => db.destroy() };
}

/**
 * PGlite (the embedded development database, about 21 MB) is loaded only when it is
 * used: the API's image, which always runs on a PostgreSQL server, does not ship it.
 */
async function loadEmbeddedDatabase() {
  try {
    const [{ PGlite }, { pg_trgm }, { PGliteDialect }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('kysely-pglite-dialect'),
    ]);
    return { PGlite, pg_trgm, PGliteDialect };
  } catch (error) {
    throw new Error(
      'The embedded database (PGlite) is not installed here (an image ships without it): set DATABASE_URL to a PostgreSQL server.',
      { cause: error },
    );
  }
}
