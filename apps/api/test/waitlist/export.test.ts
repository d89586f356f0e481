import { createDatabase, type DatabaseHandle, type DB, poolOf } from '@repo/db';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app';
import { prepareDatabase } from '../../src/prepare-database';
import { type AdminSession, signInAdmin } from '../helpers/admin';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { readRest } from '../helpers/streams';

const serverUrl = process.env.TEST_DATABASE_URL;
/** The statement timeout of the second pool: a download takes longer than this. */
const STATEMENT_TIMEOUT_MS = 300;

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * Entries that take every branch of the formatting: a formula trigger in each
 * text column, quotes, commas and line breaks (LF, CR, CRLF) inside cells, empty
 * strings and nulls, accents and an emoji, timestamps with microseconds and on a
 * whole second, a tie on created_at (broken by the id), a negative count.
 */
const entries = [
  {
    id: ID(1),
    email: '-minus@example.com',
    firstName: '=1+2',
    lastName: '+Plus',
    companyName: '@At, "Quoted" Inc.',
    primaryUse: 'Other',
    userType: 'Agency',
    contentWorkflow: 'Line one\nline "two", with a comma',
    monthlyContentVolume: '\tTab',
    biggestChallenge: '\rCarriage return',
    createdAt: sql<Date>`'2026-01-02 03:04:05.678901+00'::timestamptz`,
    confirmedAt: null,
    referralCode: 'CODE000001',
    referredById: null,
    referralCount: 0,
  },
  {
    id: ID(2),
    email: 'élodie@exemple.fr',
    firstName: 'Zoë 🙂',
    lastName: "O'Brien",
    companyName: ' Leading space',
    primaryUse: 'Blog Writing',
    userType: null,
    contentWorkflow: '',
    monthlyContentVolume: '',
    biggestChallenge: 'back\\slash; semi',
    createdAt: sql<Date>`'2026-01-02 03:04:05+00'::timestamptz`,
    confirmedAt: sql<Date>`'2026-01-03 23:59:59.999999+00'::timestamptz`,
    referralCode: 'CODE000002',
    referredById: ID(1),
    referralCount: 3,
  },
  {
    id: ID(3),
    email: 'plain@example.com',
    firstName: 'Plain',
    lastName: 'Entry',
    companyName: 'Two\nlines',
    primaryUse: 'Email Campaigns',
    userType: 'Freelancer',
    contentWorkflow: 'a\r\nb',
    monthlyContentVolume: '"',
    biggestChallenge: 'trailing quote"',
    createdAt: sql<Date>`'2026-01-02 03:04:05+00'::timestamptz`,
    confirmedAt: sql<Date>`'1999-12-31 23:00:00.000001-05'::timestamptz`,
    referralCode: 'CODE000003',
    referredById: null,
    referralCount: -1,
  },
];

async function insertEntries(db: DB) {
  await db.insertInto('waitlistEntries').values(entries).execute();
  await db
    .insertInto('betaParticipants')
    .values({
      id: ID(9),
      waitlistEntryId: ID(1),
      firstName: 'Minus',
      lastName: 'Participant',
      email: 'participant@example.com',
    })
    .execute();
}

/** An embedded database and the API on it: the path without COPY (sendCsv). */
async function embeddedContext(config: TestContext['config']): Promise<TestContext> {
  const handle = await createDatabase({ kind: 'embedded' });
  await prepareDatabase(handle.db);
  const app = await buildApp({ config, db: handle.db });
  await app.ready();
  return {
    app,
    config,
    database: { ...handle, destroy: handle.close },
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

/** The records of an export (its header aside). */
const recordsIn = (text: string) => (parse(text, { bom: true, columns: true }) as unknown[]).length;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, condition: () => Promise<boolean> | boolean) {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

describe.runIf(serverUrl)('the waitlist export streamed from PostgreSQL (COPY)', () => {
  let ctx: TestContext;
  let admin: AdminSession;
  let embedded: TestContext;
  /**
   * The same database through a pool of its own: three clients, the short
   * statement timeout, and a session time zone far from UTC; the API on it
   * listens on a port (the tests read the export as a client would).
   */
  let tight: DatabaseHandle;
  let tightApp: App;
  let base: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await signInAdmin(ctx);
    embedded = await embeddedContext(ctx.config);
    const url = new URL(ctx.database.url!);
    url.searchParams.set('options', '-c timezone=Asia/Kathmandu');
    tight = await createDatabase({
      kind: 'postgres',
      url: url.toString(),
      poolSize: 3,
      statementTimeoutMs: STATEMENT_TIMEOUT_MS,
    });
    tightApp = await buildApp({ config: ctx.config, db: tight.db });
    await tightApp.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(tightApp.server.address() as { port: number }).port}`;
  });

  afterAll(async () => {
    tightApp?.server.closeAllConnections();
    await tightApp?.close();
    await tight?.close();
    await embedded?.close();
    await ctx?.close();
  });

  const exportOf = async (context: TestContext, session: AdminSession) => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/admin/waitlist/export',
      headers: session.headers,
    });
    expect(response.statusCode).toBe(200);
    return response.rawPayload;
  };

  /** The backends running a COPY: the export (seen from the test's own pool). */
  async function copies(): Promise<{ pid: number; state: string }[]> {
    const { rows } = await sql<{ pid: number; state: string }>`
      select pid, state from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()
        and query like 'copy (%'
    `.execute(ctx.database.db);
    return rows;
  }

  /** The export's client is back: every client of the pool is idle (none lent out). */
  const tightPoolIdle = () => {
    const pool = poolOf(tight.db)!;
    return pool.totalCount === pool.idleCount && pool.waitingCount === 0;
  };

  it('gives the bytes of the embedded database (sendCsv), whatever the session time zone', async () => {
    expect(poolOf(ctx.database.db)).toBeDefined();
    expect(poolOf(embedded.database.db)).toBeUndefined();
    const { rows } = await sql<{ timezone: string }>`
      select current_setting('timezone') as timezone`.execute(tight.db);
    expect(rows[0]!.timezone).toBe('Asia/Kathmandu');

    await insertEntries(ctx.database.db);
    await insertEntries(embedded.database.db);
    const copied = await exportOf(ctx, admin);
    const formatted = await exportOf(embedded, await signInAdmin(embedded));
    expect(copied.toString('utf8')).toBe(formatted.toString('utf8'));
    expect(copied.equals(formatted)).toBe(true);
    // The other session time zone changes nothing: the dates are formatted in UTC.
    const response = await fetch(`${base}/api/admin/waitlist/export`, { headers: admin.headers });
    expect(Buffer.from(await response.arrayBuffer()).equals(copied)).toBe(true);

    const text = copied.subarray(3).toString('utf8');
    expect(text.split('\r\n').slice(1)).toEqual([
      `${ID(1)},'-minus@example.com,'=1+2,'+Plus,"'@At, ""Quoted"" Inc.",Other,Agency,` +
        `"Line one\nline ""two"", with a comma",'\tTab,"'\rCarriage return",` +
        `2026-01-02T03:04:05.678Z,${ID(9)},,CODE000001,,0,,,,`,
      // A tie on created_at: the larger id first (the order of the console's list).
      `${ID(3)},plain@example.com,Plain,Entry,"Two\nlines",Email Campaigns,Freelancer,"a`,
      `b","""","trailing quote""",2026-01-02T03:04:05.000Z,,2000-01-01T04:00:00.000Z,` +
        `CODE000003,,'-1,,,,`,
      `${ID(2)},élodie@exemple.fr,Zoë 🙂,O'Brien, Leading space,Blog Writing,,,,` +
        `back\\slash; semi,2026-01-02T03:04:05.000Z,,2026-01-03T23:59:59.999Z,CODE000002,${ID(1)},3,CODE000001,,,`,
      '',
    ]);
  });

  it('is read to its end by a slow reader, past the pool statement timeout, and gives its client back', async () => {
    // About 40 MB: far more than the sockets between PostgreSQL and the reader hold,
    // so the COPY waits on the reader.
    await sql`
      insert into waitlist_entries (email, first_name, last_name, company_name, primary_use, created_at)
      select 'bulk-' || i || '@example.com', 'Bulk', 'Row ' || i, repeat('x', 2000), 'Blog Writing',
             '2025-01-01'::timestamptz + make_interval(secs => i)
      from generate_series(1, 20000) as i
    `.execute(ctx.database.db);
    const response = await fetch(`${base}/api/admin/waitlist/export`, {
      headers: admin.headers,
      signal: AbortSignal.timeout(20_000),
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const chunks: Uint8Array[] = [(await reader.read()).value!];

    await until('the COPY to run', async () => (await copies()).length === 1);
    await sleep(3 * STATEMENT_TIMEOUT_MS);
    // Still running, three statement timeouts later: the export has its own.
    expect(await copies()).toMatchObject([{ state: 'active' }]);
    expect(tightPoolIdle()).toBe(false);

    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      chunks.push(chunk.value);
      // Slowly: a pause every megabyte or so.
      if (chunks.length % 16 === 0) await sleep(10);
    }
    const text = Buffer.concat(chunks).toString('utf8');
    expect(recordsIn(text)).toBe(20000 + entries.length);
    // The oldest entry last, its record whole.
    expect(text.slice(-2200)).toMatch(
      /\r\n[0-9a-f-]{36},bulk-1@example\.com,Bulk,Row 1,x{2000},Blog Writing,,,,,2025-01-01T00:00:01\.000Z,,,[0-9A-F]{10},,0,,,,\r\n$/,
    );

    await until('the client back in the pool', tightPoolIdle);
    expect(await copies()).toEqual([]);
  });

  it('gives its client back when the client goes away mid-download', async () => {
    const controller = new AbortController();
    const response = await fetch(`${base}/api/admin/waitlist/export`, {
      headers: admin.headers,
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    await reader.read();
    await until('the COPY to run', async () => (await copies()).length === 1);
    const pool = poolOf(tight.db)!;
    expect(pool.totalCount - pool.idleCount).toBe(1);

    controller.abort();
    await reader.read().catch(() => undefined);

    // No client lent out, no backend left copying or idle in its transaction.
    await until('the client back in the pool', tightPoolIdle);
    await until('the COPY to end on the server', async () => (await copies()).length === 0);
    const { rows } = await sql<{ count: number }>`
      select count(*)::int as count from pg_stat_activity
      where datname = current_database() and state like 'idle in transaction%'`.execute(
      ctx.database.db,
    );
    expect(rows[0]!.count).toBe(0);

    // The pool goes on serving exports.
    const again = await fetch(`${base}/api/admin/waitlist/export`, { headers: admin.headers });
    expect(recordsIn(await again.text())).toBe(20000 + entries.length);
    await until('the client back in the pool', tightPoolIdle);
  });

  it('cuts the download short and gives its client back when the COPY fails mid-file', async () => {
    const response = await fetch(`${base}/api/admin/waitlist/export`, {
      headers: admin.headers,
      signal: AbortSignal.timeout(20_000),
    });
    const reader = response.body!.getReader();
    const first = (await reader.read()).value!.byteLength;
    await until('the COPY to run', async () => (await copies()).length === 1);
    const [copy] = await copies();
    await sql`select pg_cancel_backend(${copy!.pid})`.execute(ctx.database.db);

    const { bytes, cutShort } = await readRest(reader);
    // Never a file that looks whole: the response ends in error.
    expect(cutShort).toBe(true);
    expect(first + bytes).toBeLessThan(20000 * 2000);
    await until('the client back in the pool', tightPoolIdle);
    // The failed client's connection is closed, not reused: its backend leaves
    // pg_stat_activity once the server has seen the socket close (a moment later
    // on a busy machine).
    await until('the COPY to end on the server', async () => (await copies()).length === 0);
  });
});
