import { createDatabase, createQueryScope, type DB, runInQueryScope } from '@repo/db';
import type { AnalyticsDashboard, DashboardPeriod } from '@repo/validation';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildDashboard } from '../../src/analytics/dashboard-repository';
import { useTestContext } from '../helpers/use-context';

/*
 * Issue 32: the dashboard's waitlist figures no longer count the entries one by
 * one (a 30-day count read a million index entries). The total comes from the
 * waitlist_stats counter, a period's signups from the per-day counters
 * (waitlist_source_counts) plus the entries of the day its end cuts through.
 * They must equal the counts over the entries themselves (the queries the
 * dashboard ran before), whatever the period, its cut and the deletions.
 */

const ctx = useTestContext();

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The counts the dashboard gave before issue 32's counters, from the entries themselves. */
async function countedOneByOne(db: DB, body: AnalyticsDashboard) {
  const within = async ({ from, to }: { from: string; to: string }) =>
    (
      await sql<{ n: number }>`
        select count(*)::int as n from waitlist_entries
        where created_at >= ${new Date(from)} and created_at < ${new Date(to)}
      `.execute(db)
    ).rows[0]!.n;
  const all = (
    await sql<{ entries: number; confirmed: number }>`
      select count(*)::int as entries, count(confirmed_at)::int as confirmed from waitlist_entries
    `.execute(db)
  ).rows[0]!;
  return {
    waitlistSignups: all.entries,
    confirmedWaitlistSignups: all.confirmed,
    current: await within(body.period),
    previous: await within(body.comparison.previousPeriod),
  };
}

function figuresOf(body: AnalyticsDashboard) {
  return {
    waitlistSignups: body.waitlistSignups,
    confirmedWaitlistSignups: body.confirmedWaitlistSignups,
    current: body.comparison.current.waitlistSignups,
    previous: body.comparison.previous.waitlistSignups,
  };
}

/** Entries at the given times (a third unconfirmed). */
async function addEntries(db: DB, times: number[], tag: string) {
  for (let start = 0; start < times.length; start += 500) {
    await db
      .insertInto('waitlistEntries')
      .values(
        times.slice(start, start + 500).map((at, index) => ({
          email: `${tag}-${start + index}@example.com`,
          firstName: 'Counted',
          lastName: `Entry${start + index}`,
          companyName: 'Counted Ltd',
          primaryUse: 'Blog Writing',
          createdAt: new Date(at),
          confirmedAt: (start + index) % 3 === 0 ? null : new Date(at + 60_000),
          utmSource: (start + index) % 4 === 0 ? 'launch' : null,
        })),
      )
      .execute();
  }
}

const PERIODS: DashboardPeriod[] = [
  { kind: 'days', days: 1 },
  { kind: 'days', days: 7 },
  { kind: 'days', days: 30 },
  { kind: 'days', days: 90 },
];

describe('the dashboard’s waitlist counts from the counters (issue 32)', () => {
  it('equal the entries counted one by one, for every period and its previous one, after deletions', async () => {
    const { db } = ctx.database;
    const now = Date.now();
    // Spread over 200 days, and crowded around the cuts of the previous periods
    // (now − 1, 7, 30, 90 days: a few seconds either side), around today's
    // midnight and in the last minutes.
    const times: number[] = [];
    for (let i = 0; i < 1_500; i++) times.push(now - ((i * 7_919_000) % (200 * DAY_MS)) - 1_000);
    for (const days of [1, 2, 7, 14, 30, 60, 90, 180]) {
      for (let s = -20; s <= 20; s += 3) times.push(now - days * DAY_MS + s * 1_000);
    }
    const midnight = Math.floor(now / DAY_MS) * DAY_MS;
    for (let s = -10; s <= 10; s += 2) times.push(midnight + s * 1_000);
    for (let s = 1; s <= 10; s++) times.push(now - s * 30_000);
    // And a few dated after now (a clock ahead): today's count must leave them out.
    for (let s = 1; s <= 5; s++) times.push(now + s * 60_000);
    await addEntries(db, times, 'counted');

    const check = async () => {
      for (const period of PERIODS) {
        const body = await buildDashboard(db, period);
        expect(figuresOf(body), JSON.stringify(period)).toEqual(await countedOneByOne(db, body));
      }
      // A range of past days (whole days, no cut), and one ending today.
      const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
      for (const range of [
        { from: day(now - 40 * DAY_MS), to: day(now - 10 * DAY_MS) },
        { from: day(now - 3 * DAY_MS), to: day(now) },
      ]) {
        const body = await buildDashboard(db, { kind: 'range', ...range });
        expect(figuresOf(body), JSON.stringify(range)).toEqual(await countedOneByOne(db, body));
      }
    };
    await check();
    // Deletions (erasure, the purge of the unconfirmed) leave the counters too;
    // a fold of the counters changes nothing either.
    await sql`
      delete from waitlist_entries where email like 'counted-%' and (length(email) % 3 = 0)
    `.execute(db);
    await check();
    await sql`select waitlist_counts_fold()`.execute(db);
    await check();
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'completes on a console pool of a single connection (the snapshot and the other reads share it, one after the other)',
    async () => {
      const single = await createDatabase({
        kind: 'postgres',
        url: ctx.database.url!,
        poolSize: 2,
        consolePoolSize: 1,
      });
      try {
        const scope = createQueryScope(30_000);
        const [a, b] = await runInQueryScope(scope, () =>
          Promise.all([
            buildDashboard(single.db, { kind: 'days', days: 30 }),
            buildDashboard(single.db, { kind: 'days', days: 7 }),
          ]),
        );
        expect(figuresOf(a)).toEqual(await countedOneByOne(ctx.database.db, a));
        expect(figuresOf(b)).toEqual(await countedOneByOne(ctx.database.db, b));
      } finally {
        await single.close();
      }
    },
  );
});
