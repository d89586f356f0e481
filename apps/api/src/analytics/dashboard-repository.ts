import type { AnalyticsDashboard, DashboardFigures } from '@repo/validation';
import type { DB } from '@repo/db';
import { type DashboardPeriod, WAITLIST_STEPS, WAITLIST_TOTAL_STEPS } from '@repo/validation';
import { sql } from 'kysely';
import { answerDistributions, recommendationScore } from '../survey/survey-results';
import { type AnalyticsReader, readAnalytics } from './analytics-reader';

const TOP_LIMIT = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day (YYYY-MM-DD) of a time in milliseconds. */
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `from` inclusive, `to` exclusive; `days` calendar days (UTC) from `firstDay` to `lastDay`. */
interface Period {
  from: Date;
  to: Date;
  days: number;
  firstDay: string;
  lastDay: string;
  /** It runs until now (today is part of it): nothing has happened after `to` yet. */
  endsNow: boolean;
}

/**
 * The period asked for, on the database's clock: calendar days (UTC) from their
 * first midnight until the end of the last day, or until now when that is
 * sooner (today is still going on). The previous period is as long and ends
 * where this one starts: the same days, shifted back by `days` days, cut at the
 * same time of day, so a period still under way is compared like with like.
 */
async function periodsOf(
  db: DB,
  asked: DashboardPeriod,
): Promise<{ current: Period; previous: Period }> {
  const firstDay =
    asked.kind === 'range'
      ? sql`${asked.from}::date`
      : sql`(now() at time zone 'UTC')::date - ${asked.days - 1}::int`;
  const lastDay =
    asked.kind === 'range' ? sql`${asked.to}::date` : sql`(now() at time zone 'UTC')::date`;
  const result = await sql<{
    firstDay: string;
    lastDay: string;
    days: number;
    from: Date;
    to: Date;
    previousFirstDay: string;
    previousLastDay: string;
    previousFrom: Date;
    previousTo: Date;
    endsNow: boolean;
  }>`
    with asked as (select ${firstDay} as first_day, ${lastDay} as last_day),
    bounds as (
      select first_day, last_day, (last_day - first_day + 1)::int as days,
             (first_day::timestamp at time zone 'UTC') as start_at,
             least(((last_day + 1)::timestamp at time zone 'UTC'), now()) as end_at
      from asked
    )
    select to_char(first_day, 'YYYY-MM-DD') as "firstDay",
           to_char(last_day, 'YYYY-MM-DD') as "lastDay",
           days,
           start_at as "from",
           end_at as "to",
           to_char(first_day - days, 'YYYY-MM-DD') as "previousFirstDay",
           to_char(last_day - days, 'YYYY-MM-DD') as "previousLastDay",
           start_at - make_interval(days => days) as "previousFrom",
           end_at - make_interval(days => days) as "previousTo",
           end_at = now() as "endsNow"
    from bounds
  `.execute(db);
  const row = result.rows[0]!;
  return {
    current: {
      from: new Date(row.from),
      to: new Date(row.to),
      days: row.days,
      firstDay: row.firstDay,
      lastDay: row.lastDay,
      endsNow: row.endsNow,
    },
    previous: {
      from: new Date(row.previousFrom),
      to: new Date(row.previousTo),
      days: row.days,
      firstDay: row.previousFirstDay,
      lastDay: row.previousLastDay,
      endsNow: false,
    },
  };
}

/**
 * The waitlist's totals. Issue 32: the number of entries comes from the counter
 * the triggers keep (waitlist_stats, 16 rows), never a count of a million rows;
 * the unconfirmed are counted through their partial index (few in a real list:
 * purged after 30 days). One statement: both read the same snapshot.
 */
async function totals(db: DB) {
  const result = await sql<{
    waitlistSignups: number;
    confirmedWaitlistSignups: number;
    contactSubmissions: number;
  }>`
    with entries as (select coalesce(sum(entries), 0) as n from waitlist_stats)
    select (select n from entries)::int as "waitlistSignups",
           ((select n from entries)
             - (select count(*) from waitlist_entries where confirmed_at is null))::int
             as "confirmedWaitlistSignups",
           (select count(*) from contact_messages)::int as "contactSubmissions"
  `.execute(db);
  return result.rows[0]!;
}

async function waitlistFunnel(analytics: AnalyticsReader, period: Period) {
  const sessionsByStep = await analytics.sessionsPerWaitlistStep(period);
  return Array.from({ length: WAITLIST_TOTAL_STEPS }, (_, index) => ({
    stepNumber: index + 1,
    stepName: WAITLIST_STEPS[index]!,
    sessions: sessionsByStep.get(index + 1) ?? 0,
  }));
}

async function feedback(db: DB, period: Period): Promise<AnalyticsDashboard['feedback']> {
  const { responses, distributions } = await answerDistributions(db, period);
  return {
    responses,
    distributions,
    recommendationScore: recommendationScore(distributions.recommendationLikelihood ?? {}).score,
  };
}

/**
 * The signups of a period without counting its entries one by one (issue 32: a
 * 30-day count read a million index entries): the signups per UTC day kept by
 * triggers (waitlist_source_counts, migration 028, summed over the sources) for
 * its whole days, and the entries of the day `to` cuts through counted from the
 * created_at index, on whichever side of `to` is shorter. A period that ends now
 * subtracts the entries after now: none. Exact, in one statement's snapshot
 * (the counters are written in the transaction of the signup they count).
 */
function signupsWithin({ from, to, firstDay, endsNow }: Period) {
  const midnight = Math.floor(to.getTime() / DAY_MS) * DAY_MS;
  const counted = (beforeMidnight: number) => sql`
    (select coalesce(sum(entries), 0) from waitlist_source_counts
      where day >= ${firstDay}::date and day < ${utcDay(beforeMidnight)}::date)`;
  const entries = (start: Date, end: Date) => sql`
    (select count(*) from waitlist_entries where created_at >= ${start} and created_at < ${end})`;
  if (midnight === to.getTime()) return counted(midnight);
  if (endsNow || to.getTime() - midnight > DAY_MS / 2) {
    const nextMidnight = midnight + DAY_MS;
    return sql`(${counted(nextMidnight)} - ${entries(to, new Date(nextMidnight))})`;
  }
  const start = new Date(Math.max(midnight, from.getTime()));
  return sql`(${counted(midnight)} + ${entries(start, to)})`;
}

/** The period's counts kept outside the analytics events (signups, messages, survey). */
async function recordCounts(db: DB, period: Period) {
  const { from, to } = period;
  const result = await sql<{
    waitlistSignups: number;
    contactSubmissions: number;
    feedbackResponses: number;
  }>`
    select
      ${signupsWithin(period)}::int as "waitlistSignups",
      (select count(*) from contact_messages
        where created_at >= ${from} and created_at < ${to})::int as "contactSubmissions",
      (select count(*) from beta_feedback_responses
        where created_at >= ${from} and created_at < ${to})::int as "feedbackResponses"
  `.execute(db);
  return result.rows[0]!;
}

const describePeriod = ({ from, to, days, firstDay, lastDay }: Period) => ({
  from: from.toISOString(),
  to: to.toISOString(),
  days,
  firstDay,
  lastDay,
});

/**
 * The operator's dashboard (issue 32): the traffic figures come from the
 * analytics reader (rollups and the events not rolled up yet, one snapshot),
 * the rest from their own tables; all aggregation happens in SQL.
 */
export async function buildDashboard(db: DB, asked: DashboardPeriod): Promise<AnalyticsDashboard> {
  const { current, previous } = await periodsOf(db, asked);
  // The traffic in one snapshot on one connection, its reads one after the
  // other; meanwhile the other tables, each figure one statement, on other
  // connections of the console's pool (the embedded database queues them).
  const [traffic, counts, results, now, before] = await Promise.all([
    readAnalytics(db, async (analytics) => ({
      featureEngagement: await analytics.featureEngagementAllTime(),
      views: await analytics.pageViewsPerDay(current),
      pages: await analytics.topPages(current, TOP_LIMIT),
      referrers: await analytics.topReferrers(current, TOP_LIMIT),
      funnel: await waitlistFunnel(analytics, current),
      now: await analytics.traffic(current),
      before: await analytics.traffic(previous),
    })),
    totals(db),
    feedback(db, current),
    recordCounts(db, current),
    recordCounts(db, previous),
  ]);
  /** The headline figures of a period, compared with the previous one on the Analytics tab. */
  const figures = (visits: typeof traffic.now, records: typeof now): DashboardFigures => ({
    pageViews: visits.pageViews,
    visitors: visits.visitors,
    waitlistSignups: records.waitlistSignups,
    contactSubmissions: records.contactSubmissions,
    featureEngagement: visits.featureEngagement,
    feedbackResponses: records.feedbackResponses,
  });
  return {
    ...counts,
    featureEngagement: traffic.featureEngagement,
    period: describePeriod(current),
    pageViewsPerDay: traffic.views,
    topPages: traffic.pages,
    topReferrers: traffic.referrers,
    waitlistFunnel: traffic.funnel,
    feedback: results,
    comparison: {
      previousPeriod: describePeriod(previous),
      current: figures(traffic.now, now),
      previous: figures(traffic.before, before),
    },
  };
}
