/**
 * Measures GET /api/analytics/dashboard's aggregation at 1,000,000 analytics
 * events against a baseline of 10,000, printing ratios (machine-independent)
 * and the time of each part at the large size.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench-dashboard.ts
 */
import { migrateToLatest, type DB } from '@repo/db';
import { createTestDatabase } from '@repo/db/testing';
import { sql } from 'kysely';
import { buildDashboard } from '../src/analytics/dashboard-repository';
import { median } from './bench-median';

const SMALL = 10_000;
const LARGE = 1_000_000;
const RUNS = 7;

const timeOf = (run: () => Promise<unknown>) => median(run, { runs: RUNS, warmups: 1 });

/**
 * Events spread over the last 90 days (a third inside a 30-day window):
 * 70% page views over 40 paths and 12 referrers, 10% feature engagement,
 * 10% waitlist steps, 10% clicks.
 */
async function fill(db: DB, from: number, to: number) {
  for (let start = from; start < to; start += 100_000) {
    const end = Math.min(to, start + 100_000) - 1;
    await sql`
      insert into analytics_events (type, path, session_id, occurred_at, data)
      select case when i % 10 < 7 then 'page_view'
                  when i % 10 = 7 then 'feature_engagement'
                  when i % 10 = 8 then 'waitlist_step_completed'
                  else 'button_click' end,
             '/page-' || (i % 40),
             's' || (i / 5),
             now() - make_interval(secs => (i::bigint * 7919) % (90 * 86400)),
             jsonb_build_object(
               'sessionId', 's' || (i / 5),
               'referrer', case when i % 3 = 0 then 'direct' else 'https://site' || (i % 12) || '.example/page?q=' || i end,
               'step_number', 1 + (i % 7), 'step_name', 'step', 'total_steps', 7,
               'featureId', 'f' || (i % 6), 'action', 'view')
      from generate_series(${start}::int, ${end}::int) as i
    `.execute(db);
  }
  // Autovacuum keeps a busy table's visibility map current; index-only scans rely on it.
  await sql`vacuum analyze analytics_events`.execute(db);
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const database = await createTestDatabase(url);
  const { db } = database;
  try {
    await migrateToLatest(db);
    console.log(`Database: ${database.kind === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'}\n`);
    await fill(db, 0, SMALL);
    const roundTripSmall = await timeOf(() => sql`select 1`.execute(db));
    const small = await timeOf(() => buildDashboard(db, { kind: 'days', days: 30 }));
    await fill(db, SMALL, LARGE);
    const roundTrip = await timeOf(() => sql`select 1`.execute(db));
    const large = await timeOf(() => buildDashboard(db, { kind: 'days', days: 30 }));
    const year = await timeOf(() => buildDashboard(db, { kind: 'days', days: 365 }));
    console.log(`Median of ${RUNS} runs, 30-day dashboard:`);
    console.log(`  1,000,000 events vs 10,000: x${(large / small).toFixed(1)} (100x the events)`);
    console.log(
      `  at 1,000,000 events: ${(large / roundTrip).toFixed(0)} round trips, ${large.toFixed(0)} ms`,
    );
    console.log(
      `  at 10,000 events:    ${(small / roundTripSmall).toFixed(0)} round trips, ${small.toFixed(1)} ms`,
    );
    console.log(
      `  365-day dashboard at 1,000,000 events: x${(year / large).toFixed(1)} the 30-day one, ${year.toFixed(0)} ms`,
    );

    // Each part alone, to show where the time goes.
    const period = sql`occurred_at >= now() - interval '30 days'`;
    const parts: [string, ReturnType<typeof sql>][] = [
      [
        'feature engagement count (all time)',
        sql`select count(*) from analytics_events where type = 'feature_engagement'`,
      ],
      [
        'page views per day, 30 days',
        sql`select (occurred_at at time zone 'UTC')::date, count(*) from analytics_events
            where type = 'page_view' and ${period} group by 1`,
      ],
      [
        'top pages, 30 days',
        sql`select path, count(*) from analytics_events
            where type = 'page_view' and ${period} group by 1 order by 2 desc limit 10`,
      ],
      [
        'referrers (distinct sessions), 30 days',
        sql`select referrer_host, count(*) from (select referrer_host, session_id from analytics_events
            where type = 'page_view' and ${period} group by 1, 2) as v group by 1 order by 2 desc limit 10`,
      ],
      [
        'funnel (distinct sessions), 30 days',
        sql`select step_number, count(*) from (select step_number, session_id from analytics_events
            where type = 'waitlist_step_completed' and ${period} group by 1, 2) as v group by 1`,
      ],
    ];
    console.log('\nParts at 1,000,000 events:');
    for (const [label, statement] of parts) {
      const ms = await timeOf(() => statement.execute(db));
      console.log(`  ${label.padEnd(42)} ${ms.toFixed(1).padStart(7)} ms`);
    }
  } finally {
    await database.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
