/**
 * Issue 32: the queue's reads at a million waitlist entries (nine in ten confirmed,
 * one in seventeen with a counted referral, as tooling/bench fills it), with seats
 * taken from the middle of the queue and invite codes redeemed while full. Prints
 * the fill's time and the median of each read.
 *
 *   QUEUE_BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/queue_bench npx tsx scripts/bench-queue.ts
 *
 * The database (which must exist) is migrated and filled up to QUEUE_BENCH_ENTRIES
 * (1,000,000) once; later runs measure it again. Not a test: the figures belong in
 * docs/scaling.md, "Queue positions (issue 32)".
 */
import { performance } from 'node:perf_hooks';
import { createDatabase, migrateToLatest, type DB } from '@repo/db';
import type { WaitlistListQuery } from '@repo/validation';
import { sql } from 'kysely';
import { placeInQueue } from '../src/waitlist/queue';
import { listWaitlistEntries, nextInQueue } from '../src/waitlist/waitlist-repository';
import { median } from './bench-median';

const url = process.env.QUEUE_BENCH_DATABASE_URL;
const ENTRIES = Number(process.env.QUEUE_BENCH_ENTRIES ?? 1_000_000);
const RUNS = 15;

async function fill(db: DB): Promise<void> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from waitlist_entries`.execute(db);
  const existing = rows[0]?.n ?? 0;
  if (existing >= ENTRIES) return;
  const started = performance.now();
  // tooling/bench/src/seed.ts's insert, oldest first (confirmation order = signup order).
  await sql`insert into waitlist_entries (email, first_name, last_name, company_name, primary_use,
      created_at, confirmed_at, referral_count, referral_code)
    select 'bench-' || i || '@example.com', 'First' || (i % 977), 'Last' || i,
           'Company ' || (i % 5003), 'Blog Writing', now() - make_interval(secs => i),
           case when i % 10 = 0 then null else now() - make_interval(secs => i) + interval '5 minutes' end,
           (i % 17 = 0)::int, 'B' || lpad(i::text, 9, '0')
    from generate_series(${ENTRIES}::int, ${existing + 1}::int, -1) as i`.execute(db);
  console.log(
    `filled ${ENTRIES - existing} entries in ${Math.round(performance.now() - started)} ms`,
  );
}

async function takeSeatsAndPriorities(db: DB): Promise<void> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from beta_participants`.execute(db);
  if ((rows[0]?.n ?? 0) > 0) return;
  const started = performance.now();
  // 1,000 seats from the middle of the queue, 200 invite codes redeemed while full.
  await sql`insert into beta_participants (waitlist_entry_id, first_name, last_name, email, status, invited_at)
    select id, first_name, last_name, email, 'active', now() from waitlist_entries
    where email like 'bench-%' and confirmed_at is not null and queue_key is not null
      and substring(email from '^bench-([0-9]+)@')::int between 500000 and 501110
    limit 1000`.execute(db);
  await sql`update waitlist_entries set queue_priority_at = now() - make_interval(secs => substring(email from '^bench-([0-9]+)@')::int)
    where email like 'bench-%' and queue_key is not null
      and substring(email from '^bench-([0-9]+)@')::int between 300000 and 300220`.execute(db);
  await sql`analyze waitlist_entries`.execute(db);
  console.log(`seats and priorities in ${Math.round(performance.now() - started)} ms`);
}

async function time(name: string, run: () => Promise<unknown>): Promise<void> {
  const ms = await median(run, { runs: RUNS, warmups: 1 });
  console.log(`${name.padEnd(48)} ${ms.toFixed(1).padStart(8)} ms`);
}

const query = (overrides: Partial<WaitlistListQuery>): WaitlistListQuery => ({
  page: 1,
  pageSize: 25,
  sortBy: 'position',
  sortOrder: 'asc',
  search: undefined,
  ...overrides,
});

async function main() {
  if (!url) throw new Error('Set QUEUE_BENCH_DATABASE_URL to a database of its own');
  const database = await createDatabase({ kind: 'postgres', url, statementTimeoutMs: 3_600_000 });
  const { db } = database;
  try {
    await migrateToLatest(db);
    await fill(db);
    await takeSeatsAndPriorities(db);
    const { rows } = await sql<{ id: string; email: string }>`
      select id, email from waitlist_entries where email in
        ('bench-1@example.com', 'bench-500001@example.com', 'bench-999999@example.com')`.execute(
      db,
    );
    for (const row of rows) {
      await time(`status page place (${row.email})`, () => placeInQueue(db, row.id));
    }
    const queued = Math.floor(ENTRIES * 0.9);
    const lastPage = Math.ceil(ENTRIES / 25);
    await time('console by position, page 1', () => listWaitlistEntries(db, query({})));
    await time('console by position, middle of the queue', () =>
      listWaitlistEntries(db, query({ page: Math.floor(queued / 50) })),
    );
    await time('console by position, last queued page', () =>
      listWaitlistEntries(db, query({ page: Math.floor(queued / 25) })),
    );
    await time('console by position, last page (outside)', () =>
      listWaitlistEntries(db, query({ page: lastPage })),
    );
    await time('console by position desc, page 1', () =>
      listWaitlistEntries(db, query({ sortOrder: 'desc' })),
    );
    await time('console by position, 100 a page, middle', () =>
      listWaitlistEntries(db, query({ page: Math.floor(queued / 200), pageSize: 100 })),
    );
    await time('console newest first, page 1 (positions)', () =>
      listWaitlistEntries(db, query({ sortBy: 'createdAt', sortOrder: 'desc' })),
    );
    await time('console by email, 100 a page (positions)', () =>
      listWaitlistEntries(db, query({ sortBy: 'email', pageSize: 100 })),
    );
    await time('next 10 in queue (auto-fill)', () => nextInQueue(db, 10));
  } finally {
    await database.close();
  }
}

await main();
