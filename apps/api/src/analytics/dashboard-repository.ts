import type { AnalyticsDashboard, DashboardFigures } from '@repo/validation';
import type { DB } from '@repo/db';
import { type DashboardPeriod, WAITLIST_STEPS, WAITLIST_TOTAL_STEPS } from '@repo/validation';
import { sql } from 'kysely';
import { answerDistributions, recommendationScore } from '../survey/survey-results';

const TOP_LIMIT = 10;

/** `from` inclusive, `to` exclusive; `days` calendar days (UTC) from `firstDay` to `lastDay`. */
interface Period {
  from: Date;
  to: Date;
  days: number;
  firstDay: string;
  lastDay: string;
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
           end_at - make_interval(days => days) as "previousTo"
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
    },
    previous: {
      from: new Date(row.previousFrom),
      to: new Date(row.previousTo),
      days: row.days,
      firstDay: row.previousFirstDay,
      lastDay: row.previousLastDay,
    },
  };
}

async function totals(db: DB) {
  const result = await sql<{
    waitlistSignups: number;
    confirmedWaitlistSignups: number;
    contactSubmissions: number;
    featureEngagement: number;
  }>`
    select (select count(*) from waitlist_entries)::int as "waitlistSignups",
           -- Issue 11: the unconfirmed are few (purged after 30 days) and partially indexed.
           ((select count(*) from waitlist_entries)
             - (select count(*) from waitlist_entries where confirmed_at is null))::int
             as "confirmedWaitlistSignups",
           (select count(*) from contact_messages)::int as "contactSubmissions",
           (select count(*) from analytics_events where type = 'feature_engagement')::int
             as "featureEngagement"
  `.execute(db);
  return result.rows[0]!;
}

/*
 * The period queries below read only columns held by the partial covering
 * indexes of migration 004 (index-only scans), and count distinct sessions by
 * grouping (session, key) pairs first, which hashes instead of sorting.
 */

async function pageViewsPerDay(db: DB, { from, to, firstDay, lastDay }: Period) {
  const result = await sql<{ date: string; views: number }>`
    with views as (
      select (occurred_at at time zone 'UTC')::date as day, count(*)::int as views
      from analytics_events
      where type = 'page_view' and occurred_at >= ${from} and occurred_at < ${to}
      group by 1
    )
    select to_char(day, 'YYYY-MM-DD') as date, coalesce(views.views, 0) as views
    from generate_series(${firstDay}::date, ${lastDay}::date, interval '1 day') as series(day)
    left join views using (day)
    order by day
  `.execute(db);
  return result.rows;
}

async function topPages(db: DB, { from, to }: Period) {
  const result = await sql<{ path: string; views: number }>`
    select path, count(*)::int as views
    from analytics_events
    where type = 'page_view' and occurred_at >= ${from} and occurred_at < ${to}
    group by path
    order by views desc, path
    limit ${TOP_LIMIT}
  `.execute(db);
  return result.rows;
}

/** Referrers by host (a search engine's query strings vary); visits are distinct sessions. */
async function topReferrers(db: DB, { from, to }: Period) {
  const result = await sql<{ referrer: string; visits: number }>`
    select referrer_host as referrer, count(*)::int as visits
    from (
      select referrer_host, session_id
      from analytics_events
      where type = 'page_view' and occurred_at >= ${from} and occurred_at < ${to}
      group by referrer_host, session_id
    ) as visits
    group by referrer_host
    order by visits desc, referrer
    limit ${TOP_LIMIT}
  `.execute(db);
  return result.rows;
}

/** Sessions that completed each of the 7 steps (spec section 4), from waitlist_step_completed. */
async function waitlistFunnel(db: DB, { from, to }: Period) {
  const result = await sql<{ stepNumber: number; sessions: number }>`
    select step_number as "stepNumber", count(*)::int as sessions
    from (
      select step_number, session_id
      from analytics_events
      where type = 'waitlist_step_completed' and occurred_at >= ${from} and occurred_at < ${to}
        and step_number is not null
      group by step_number, session_id
    ) as completed
    group by step_number
  `.execute(db);
  const sessionsByStep = new Map(result.rows.map((row) => [Number(row.stepNumber), row.sessions]));
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

/** The headline figures of a period, compared with the previous one on the Analytics tab. */
async function figures(db: DB, { from, to }: Period): Promise<DashboardFigures> {
  const result = await sql<DashboardFigures>`
    select
      (select count(*) from analytics_events
        where type = 'page_view' and occurred_at >= ${from} and occurred_at < ${to})::int
        as "pageViews",
      (select count(*) from (
        select session_id from analytics_events
        where type = 'page_view' and occurred_at >= ${from} and occurred_at < ${to}
        group by session_id) as sessions)::int as "visitors",
      (select count(*) from waitlist_entries
        where created_at >= ${from} and created_at < ${to})::int as "waitlistSignups",
      (select count(*) from contact_messages
        where created_at >= ${from} and created_at < ${to})::int as "contactSubmissions",
      (select count(*) from analytics_events
        where type = 'feature_engagement' and occurred_at >= ${from} and occurred_at < ${to})::int
        as "featureEngagement",
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

/** The operator's dashboard: all aggregation happens in SQL, over indexed ranges. */
export async function buildDashboard(db: DB, asked: DashboardPeriod): Promise<AnalyticsDashboard> {
  const { current, previous } = await periodsOf(db, asked);
  const [counts, views, pages, referrers, funnel, results, now, before] = await Promise.all([
    totals(db),
    pageViewsPerDay(db, current),
    topPages(db, current),
    topReferrers(db, current),
    waitlistFunnel(db, current),
    feedback(db, current),
    figures(db, current),
    figures(db, previous),
  ]);
  return {
    ...counts,
    period: describePeriod(current),
    pageViewsPerDay: views,
    topPages: pages,
    topReferrers: referrers,
    waitlistFunnel: funnel,
    feedback: results,
    comparison: { previousPeriod: describePeriod(previous), current: now, previous: before },
  };
}
