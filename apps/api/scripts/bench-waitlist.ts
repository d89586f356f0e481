/**
 * Measures the admin waitlist queries at 100,000 entries against a baseline of
 * 1,000, and prints ratios (machine-independent) rather than milliseconds alone.
 * A ratio near 1 means the query does not grow with the table (index-backed).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench-waitlist.ts
 *
 * Without BENCH_DATABASE_URL (or TEST_DATABASE_URL) it runs on the embedded database.
 */
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { Readable, Writable } from 'node:stream';
import { migrateToLatest, type DB } from '@repo/db';
import { createTestDatabase } from '@repo/db/testing';
import type { WaitlistListQuery } from '@repo/validation';
import { stringify } from 'csv-stringify';
import { sql } from 'kysely';
import { listWaitlistEntries, streamWaitlistEntries } from '../src/waitlist/waitlist-repository';
import { median } from './bench-median';

const SMALL = 1_000;
const LARGE = 100_000;
const RUNS = 15;

const query = (overrides: Partial<WaitlistListQuery>): WaitlistListQuery => ({
  page: 1,
  pageSize: 25,
  sortBy: 'createdAt',
  sortOrder: 'desc',
  search: undefined,
  ...overrides,
});

const cases: { name: string; run: (db: DB, rows: number) => Promise<unknown> }[] = [
  { name: 'round trip (select 1)', run: (db) => sql`select 1`.execute(db) },
  { name: 'page 1, newest first', run: (db) => listWaitlistEntries(db, query({})) },
  {
    name: 'page 1, oldest first',
    run: (db) => listWaitlistEntries(db, query({ sortOrder: 'asc' })),
  },
  {
    name: 'page 1, by last name',
    run: (db) => listWaitlistEntries(db, query({ sortBy: 'lastName', sortOrder: 'asc' })),
  },
  { name: 'page 1, by email', run: (db) => listWaitlistEntries(db, query({ sortBy: 'email' })) },
  {
    name: 'middle page (offset = half the table)',
    run: (db, rows) => listWaitlistEntries(db, query({ page: Math.floor(rows / 50) })),
  },
  {
    name: 'search, one match (an address)',
    run: (db) => listWaitlistEntries(db, query({ search: 'user99999@' })),
  },
  {
    name: 'search, ~1% of the table matches',
    run: (db) => listWaitlistEntries(db, query({ search: 'last12' })),
  },
  {
    name: 'count(*) alone',
    run: (db) =>
      db
        .selectFrom('waitlistEntries')
        .select((eb) => eb.fn.countAll().as('n'))
        .execute(),
  },
];

const timeOf = (run: () => Promise<unknown>) => median(run, { runs: RUNS, warmups: 3 });

async function fill(db: DB, from: number, to: number) {
  // Generated in SQL: ten-thousand-row statements, one second apart in signup time.
  for (let start = from; start < to; start += 10_000) {
    const end = Math.min(to, start + 10_000) - 1;
    await sql`
      insert into waitlist_entries (email, first_name, last_name, company_name, primary_use, created_at)
      select 'user' || i || '@example.com', 'First' || (i % 977), 'Last' || i, 'Company ' || (i % 5003),
             'Blog Writing', now() - make_interval(secs => ${LARGE} - i)
      from generate_series(${start}::int, ${end}::int) as i
    `.execute(db);
  }
  await sql`analyze waitlist_entries`.execute(db);
}

/** Streams the CSV export to nowhere, sampling the heap; returns [ms, peak heap growth in MB]. */
async function exportCsv(db: DB): Promise<[number, number]> {
  global.gc?.();
  const baseline = process.memoryUsage().heapUsed;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 5);
  const start = performance.now();
  async function* records() {
    for await (const row of streamWaitlistEntries(db)) {
      yield [
        row.id,
        row.email,
        row.firstName,
        row.lastName,
        row.companyName,
        row.createdAt.toISOString(),
      ];
    }
  }
  await pipeline(
    Readable.from(records()),
    stringify({ record_delimiter: 'windows' }),
    new Writable({ write: (_chunk, _encoding, done) => done() }),
  );
  clearInterval(sampler);
  return [performance.now() - start, (peak - baseline) / 1024 / 1024];
}

async function explain(db: DB, label: string, statement: ReturnType<typeof sql>) {
  const plan = await sql<{ 'QUERY PLAN': string }>`explain ${statement}`.execute(db);
  const lines = plan.rows.map((row) => Object.values(row)[0]).join('\n    ');
  console.log(`  ${label}:\n    ${lines}`);
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const database = await createTestDatabase(url);
  const { db } = database;
  try {
    await migrateToLatest(db);
    console.log(`Database: ${database.kind === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'}\n`);

    await fill(db, LARGE - SMALL, LARGE);
    const small = new Map<string, number>();
    for (const benchCase of cases)
      small.set(benchCase.name, await timeOf(() => benchCase.run(db, SMALL)));
    const [smallExportMs, smallExportHeap] = await exportCsv(db);

    await fill(db, 0, LARGE - SMALL);
    const large = new Map<string, number>();
    for (const benchCase of cases)
      large.set(benchCase.name, await timeOf(() => benchCase.run(db, LARGE)));
    const [largeExportMs, largeExportHeap] = await exportCsv(db);

    const roundTrip = large.get('round trip (select 1)')!;
    console.log(`Median of ${RUNS} runs. Ratios: 100k rows vs 1k rows, and vs one round trip.\n`);
    console.log(
      'query'.padEnd(40),
      '100k/1k'.padStart(8),
      'x round trip'.padStart(13),
      'ms @100k'.padStart(9),
    );
    for (const benchCase of cases) {
      const ratio = large.get(benchCase.name)! / small.get(benchCase.name)!;
      console.log(
        benchCase.name.padEnd(40),
        ratio.toFixed(2).padStart(8),
        (large.get(benchCase.name)! / roundTrip).toFixed(1).padStart(13),
        large.get(benchCase.name)!.toFixed(2).padStart(9),
      );
    }
    if (database.kind === 'embedded') {
      console.log(
        '\n(The embedded driver fetches a whole result before streaming it; its heap figures are not meaningful.)',
      );
    }
    console.log(
      '\nCSV export: time x%s for 100x the rows; peak heap growth %s MB at 1k rows, %s MB at 100k rows (ratio %s)',
      (largeExportMs / smallExportMs).toFixed(1),
      smallExportHeap.toFixed(1),
      largeExportHeap.toFixed(1),
      (largeExportHeap / Math.max(smallExportHeap, 0.1)).toFixed(1),
    );

    console.log('\nPlans at 100k rows:');
    await explain(
      db,
      'newest first',
      sql`select * from waitlist_entries order by created_at desc, id desc limit 25`,
    );
    await explain(
      db,
      'by last name',
      sql`select * from waitlist_entries order by lower(last_name), id limit 25`,
    );
    await explain(db, 'count', sql`select count(*) from waitlist_entries`);
  } finally {
    await database.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
