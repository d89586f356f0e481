import type { DB } from '@repo/db';
import type { AnalyticsDashboard, DashboardPeriod } from '@repo/validation';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildDashboard } from '../../src/analytics/dashboard-repository';
import {
  deleteAnalyticsEvents,
  rebuildAnalyticsRollups,
  rollUpAnalytics,
} from '../../src/analytics/rollups-repository';
import { purgeExpiredAnalytics } from '../../src/plugins/app/retention';
import { useTestContext } from '../helpers/use-context';

/*
 * Issue 32: the dashboard's traffic figures, read from the rollups plus the
 * events not rolled up yet, equal the figures computed from the raw events
 * alone (the queries the dashboard ran before the rollups), on a random
 * dataset: sessions over 100 days (some coming back days later, some in the
 * future, some in the unfinished hour), inserted out of order, rolled up in
 * small chunks, then partly erased and purged.
 */

const ctx = useTestContext();

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const SEED = Number(process.env.ROLLUP_TEST_SEED ?? Date.now() % 1_000_000);

/** mulberry32: a small seeded generator, so a failure can be replayed (ROLLUP_TEST_SEED). */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick };
}

const PATHS = ['/', '/blog', '/pricing', '/beta', '/blog/a', '/blog/b', '/about', '/contact'];
const REFERRERS = [
  undefined,
  'direct',
  'https://www.google.com/search?q=x',
  'https://WWW.Google.com/',
  'https://news.ycombinator.com/item?id=1',
  'https://t.co/abc',
  'android-app://com.slack',
  '',
];

interface Seeded {
  type: string;
  path: string;
  sessionId: string;
  occurredAt: Date;
  data: string;
}

function randomEvents(random: ReturnType<typeof generator>, count: number, now: number): Seeded[] {
  const events: Seeded[] = [];
  const sessions = Array.from({ length: Math.ceil(count / 8) }, (_, index) => ({
    id: `s-${SEED}-${index}`,
    // Most sessions in the last 100 days; a few in the unfinished hour or just ahead.
    start:
      random.next() < 0.1
        ? now - random.next() * HOUR_MS * 0.5
        : now - random.next() * 100 * DAY_MS,
    referrer: random.pick(REFERRERS),
  }));
  while (events.length < count) {
    const session = random.pick(sessions);
    const comeback = random.next() < 0.1 ? Math.floor(random.next() * 20) * DAY_MS : 0;
    const at = new Date(session.start + random.next() * 3 * HOUR_MS + comeback);
    const roll = random.next();
    const base = {
      sessionId: session.id,
      ...(session.referrer === undefined ? {} : { referrer: session.referrer }),
    };
    if (roll < 0.6) {
      events.push({
        type: 'page_view',
        path: random.pick(PATHS),
        sessionId: session.id,
        occurredAt: at,
        data: JSON.stringify(base),
      });
    } else if (roll < 0.7) {
      events.push({
        type: 'feature_engagement',
        path: random.pick(PATHS),
        sessionId: session.id,
        occurredAt: at,
        data: JSON.stringify({ ...base, featureId: 'seo', action: 'view' }),
      });
    } else if (roll < 0.9) {
      const step = 1 + Math.floor(random.next() * 7);
      events.push({
        type: 'waitlist_step_completed',
        path: '/beta',
        sessionId: session.id,
        occurredAt: at,
        // A few without a usable step number (stored before validation, say).
        data: JSON.stringify(
          random.next() < 0.05 ? base : { ...base, step_number: step, step_name: `s${step}` },
        ),
      });
    } else {
      events.push({
        type: 'button_click',
        path: random.pick(PATHS),
        sessionId: session.id,
        occurredAt: at,
        data: JSON.stringify({ ...base, buttonId: 'cta' }),
      });
    }
  }
  return events;
}

async function insert(db: DB, events: Seeded[]) {
  for (let index = 0; index < events.length; index += 500) {
    await db
      .insertInto('analyticsEvents')
      .values(events.slice(index, index + 500))
      .execute();
  }
}

type Window = { from: string; to: string };

/** The figures of a period from raw events only: the dashboard's queries before issue 32. */
async function fromRawEvents(db: DB, period: Window, previous: Window, days: string[]) {
  const { from, to } = period;
  const perDay = await sql<{ day: string; views: number }>`
    select to_char((occurred_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*)::int as views
    from analytics_events
    where type = 'page_view' and occurred_at >= ${from} and occurred_at < ${to}
    group by 1
  `.execute(db);
  const views = new Map(perDay.rows.map((row) => [row.day, row.views]));
  const pages = await sql<{ path: string; views: number }>`
    select path, count(*)::int as views from analytics_events
    where type = 'page_view' and occurred_at >= ${from} and occurred_at < ${to}
    group by path order by views desc, path limit 10
  `.execute(db);
  const referrers = await sql<{ referrer: string; visits: number }>`
    select referrer_host as referrer, count(distinct session_id)::int as visits from analytics_events
    where type = 'page_view' and occurred_at >= ${from} and occurred_at < ${to}
    group by referrer_host order by visits desc, referrer limit 10
  `.execute(db);
  const steps = await sql<{ stepNumber: number; sessions: number }>`
    select step_number as "stepNumber", count(distinct session_id)::int as sessions
    from analytics_events
    where type = 'waitlist_step_completed' and step_number is not null
      and occurred_at >= ${from} and occurred_at < ${to}
    group by step_number
  `.execute(db);
  const sessions = new Map(steps.rows.map((row) => [Number(row.stepNumber), row.sessions]));
  const figures = async ({ from: start, to: end }: Window) => {
    const result = await sql<{ pageViews: number; visitors: number; featureEngagement: number }>`
      select
        count(*) filter (where type = 'page_view')::int as "pageViews",
        count(distinct session_id) filter (where type = 'page_view')::int as "visitors",
        count(*) filter (where type = 'feature_engagement')::int as "featureEngagement"
      from analytics_events where occurred_at >= ${start} and occurred_at < ${end}
    `.execute(db);
    return result.rows[0]!;
  };
  const total = await sql<{ events: number }>`
    select count(*)::int as events from analytics_events where type = 'feature_engagement'
  `.execute(db);
  return {
    featureEngagement: total.rows[0]!.events,
    pageViewsPerDay: days.map((date) => ({ date, views: views.get(date) ?? 0 })),
    topPages: pages.rows,
    topReferrers: referrers.rows,
    funnel: [1, 2, 3, 4, 5, 6, 7].map((step) => sessions.get(step) ?? 0),
    current: await figures(period),
    previous: await figures(previous),
  };
}

/** The same figures as the dashboard answers them. */
function traffic(dashboard: AnalyticsDashboard) {
  const pick = ({
    pageViews,
    visitors,
    featureEngagement,
  }: AnalyticsDashboard['comparison']['current']) => ({
    pageViews,
    visitors,
    featureEngagement,
  });
  return {
    featureEngagement: dashboard.featureEngagement,
    pageViewsPerDay: dashboard.pageViewsPerDay,
    topPages: dashboard.topPages,
    topReferrers: dashboard.topReferrers,
    funnel: dashboard.waitlistFunnel.map((step) => step.sessions),
    current: pick(dashboard.comparison.current),
    previous: pick(dashboard.comparison.previous),
  };
}

const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Every period the console offers, and two custom ranges. */
function periods(now: number): DashboardPeriod[] {
  return [
    { kind: 'days', days: 1 },
    { kind: 'days', days: 7 },
    { kind: 'days', days: 30 },
    { kind: 'days', days: 90 },
    { kind: 'range', from: utcDay(now - 60 * DAY_MS), to: utcDay(now - 20 * DAY_MS) },
    { kind: 'range', from: utcDay(now - 3 * DAY_MS), to: utcDay(now) },
  ] as DashboardPeriod[];
}

async function expectSameAsRaw(db: DB, label: string) {
  for (const period of periods(Date.now())) {
    const dashboard = await buildDashboard(db, period);
    const expected = await fromRawEvents(
      db,
      dashboard.period,
      dashboard.comparison.previousPeriod,
      dashboard.pageViewsPerDay.map((day) => day.date),
    );
    expect(traffic(dashboard), `${label}, ${JSON.stringify(period)}, seed ${SEED}`).toEqual(
      expected,
    );
  }
}

/** The four rollup tables, in a comparable order. */
async function rollupTables(db: DB) {
  const rollups = await sql`
    select type, hour, path, events from analytics_rollups order by 1, 2, 3
  `.execute(db);
  const days = await sql`
    select type, day::text, path, events from analytics_daily_rollups order by 1, 2, 3
  `.execute(db);
  const hours = await sql`
    select kind, key, session_id, hour, events, prev_hour from analytics_session_hours
    order by 1, 2, 3, 4
  `.execute(db);
  const distinct = await sql`
    select kind, key, hour, since::text, sessions from analytics_distinct_rollups
    order by 1, 2, 3, 4
  `.execute(db);
  return { rollups: rollups.rows, days: days.rows, hours: hours.rows, distinct: distinct.rows };
}

describe('analytics rollups (issue 32)', () => {
  it('give the raw events’ figures, before, during and after rolling up, deleting and rebuilding', async () => {
    const db = ctx.database.db;
    const random = generator(SEED);
    const now = Date.now();
    const events = randomEvents(random, 2_400, now);

    await insert(db, events.slice(0, 1_200));
    await expectSameAsRaw(db, 'nothing rolled up');

    // Part of it, in small chunks: the rest comes from the raw table.
    const partly = await rollUpAnalytics(db, { chunk: 97, maxChunks: 5 });
    expect(partly.rolled).toBeGreaterThan(0);
    await expectSameAsRaw(db, 'partly rolled up');

    await rollUpAnalytics(db, { chunk: 211 });
    // More events, some for hours already rolled up (late or out of order).
    await insert(db, events.slice(1_200));
    await expectSameAsRaw(db, 'rolled up, then more events');
    await rollUpAnalytics(db, { chunk: 173 });
    await expectSameAsRaw(db, 'all rolled up');

    // The incremental result is what a rebuild from the raw events makes.
    const incremental = await rollupTables(db);
    expect(incremental.hours.length).toBeGreaterThan(0);
    await rebuildAnalyticsRollups(db);
    expect(await rollupTables(db)).toEqual(incremental);

    // Erasure-like deletions (rolled-up and not) leave the rollups with their events.
    await insert(db, randomEvents(random, 300, now));
    const sessions = [...new Set(events.map((event) => event.sessionId))].filter(
      () => random.next() < 0.2,
    );
    const deleted = await db
      .transaction()
      .execute((trx) =>
        deleteAnalyticsEvents(
          trx,
          sql<boolean>`session_id = any(${sessions}::text[]) or id % 11 = 0`,
        ),
      );
    expect(deleted).toBeGreaterThan(0);
    await expectSameAsRaw(db, 'after deletions');

    // Retention: events received long ago go, with their share of the rollups.
    await sql`update analytics_events set received_at = now() - interval '500 days' where id % 5 = 0`.execute(
      db,
    );
    expect(await purgeExpiredAnalytics(db, 395)).toBeGreaterThan(0);
    await expectSameAsRaw(db, 'after the retention purge');

    await rollUpAnalytics(db, { chunk: 50 });
    await expectSameAsRaw(db, 'all rolled up again');
    const afterDeletions = await rollupTables(db);
    await rebuildAnalyticsRollups(db);
    expect(await rollupTables(db)).toEqual(afterDeletions);
  });

  it('rolls up once when several instances run the job at once', async () => {
    const db = ctx.database.db;
    const random = generator(SEED + 1);
    await insert(db, randomEvents(random, 400, Date.now()));
    const results = await Promise.all([1, 2, 3].map(() => rollUpAnalytics(db, { chunk: 40 })));
    // Whoever got the lock first rolled; the others stopped or found less to do.
    const total = results.reduce((sum, result) => sum + result.rolled, 0);
    expect(total).toBe(400);
    const state = await sql<{ through: number; max: number }>`
      select rolled_through::int as through, (select max(id) from analytics_events)::int as max
      from analytics_rollup_state
    `.execute(db);
    expect(state.rows[0]!.through).toBe(state.rows[0]!.max);
    await expectSameAsRaw(db, 'after concurrent jobs');
    const incremental = await rollupTables(db);
    await rebuildAnalyticsRollups(db);
    expect(await rollupTables(db)).toEqual(incremental);
  });
});
