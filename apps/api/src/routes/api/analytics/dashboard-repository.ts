import type { AnalyticsDashboard } from '@repo/api-client';
import type { DB } from '@repo/db';
import {
  EASE_SCALE,
  RECOMMENDATION_SCALE,
  SATISFACTION_SCALE,
  USEFULNESS_SCALE,
  WAITLIST_STEPS,
  WAITLIST_TOTAL_STEPS,
} from '@repo/validation';
import { sql } from 'kysely';

/** Every rated survey field (spec section 3) with its answer scale. */
const RATED_FIELDS: Record<string, readonly string[]> = {
  gettingStartedEase: EASE_SCALE,
  workflowEase: EASE_SCALE,
  keywordResearchEase: EASE_SCALE,
  blogPostCreationEase: EASE_SCALE,
  whyItMattersUseful: USEFULNESS_SCALE,
  profileSetupRating: EASE_SCALE,
  brandSetupRating: EASE_SCALE,
  keywordResearchRating: EASE_SCALE,
  blogPostRating: EASE_SCALE,
  contentLibraryRating: EASE_SCALE,
  contentQualitySatisfaction: SATISFACTION_SCALE,
  contentAccuracyRating: SATISFACTION_SCALE,
  brandReflectionRating: SATISFACTION_SCALE,
  recommendationLikelihood: RECOMMENDATION_SCALE,
  overallSatisfaction: SATISFACTION_SCALE,
};

const TOP_LIMIT = 10;

interface Period {
  from: Date;
  to: Date;
}

/** `days` calendar days (UTC) ending today: from midnight of the first day until now. */
async function periodOf(db: DB, days: number): Promise<Period> {
  const result = await sql<Period>`
    select (date_trunc('day', now() at time zone 'UTC') - make_interval(days => ${days - 1}))
             at time zone 'UTC' as "from",
           now() as "to"
  `.execute(db);
  return result.rows[0]!;
}

async function totals(db: DB) {
  const result = await sql<{
    waitlistSignups: number;
    contactSubmissions: number;
    featureEngagement: number;
  }>`
    select (select count(*) from waitlist_entries)::int as "waitlistSignups",
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

async function pageViewsPerDay(db: DB, { from, to }: Period) {
  const result = await sql<{ date: string; views: number }>`
    with views as (
      select (occurred_at at time zone 'UTC')::date as day, count(*)::int as views
      from analytics_events
      where type = 'page_view' and occurred_at >= ${from} and occurred_at <= ${to}
      group by 1
    )
    select to_char(day, 'YYYY-MM-DD') as date, coalesce(views.views, 0) as views
    from generate_series(
      (${from}::timestamptz at time zone 'UTC')::date,
      (${to}::timestamptz at time zone 'UTC')::date,
      interval '1 day'
    ) as series(day)
    left join views using (day)
    order by day
  `.execute(db);
  return result.rows;
}

async function topPages(db: DB, { from, to }: Period) {
  const result = await sql<{ path: string; views: number }>`
    select path, count(*)::int as views
    from analytics_events
    where type = 'page_view' and occurred_at >= ${from} and occurred_at <= ${to}
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
      where type = 'page_view' and occurred_at >= ${from} and occurred_at <= ${to}
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
      where type = 'waitlist_step_completed' and occurred_at >= ${from} and occurred_at <= ${to}
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

/** Net-promoter style: % likely or very likely minus % unlikely or not at all; 'not sure' abstains. */
function recommendationScore(counts: Record<string, number>): number | null {
  const promoters = (counts.likely ?? 0) + (counts.very_likely ?? 0);
  const detractors = (counts.not_at_all_likely ?? 0) + (counts.unlikely ?? 0);
  const opinions = promoters + detractors + (counts.neutral ?? 0);
  return opinions === 0 ? null : Math.round(((promoters - detractors) / opinions) * 100);
}

async function feedback(db: DB, { from, to }: Period): Promise<AnalyticsDashboard['feedback']> {
  const fields = Object.keys(RATED_FIELDS);
  // One pass over the responses: each row unpivoted into (field, answer) pairs.
  const pairs = sql.join(fields.map((field) => sql`(${sql.lit(field)}, ${sql.ref(`r.${field}`)})`));
  const [counts, total] = await Promise.all([
    sql<{ field: string; answer: string; count: number }>`
      select v.field, v.answer, count(*)::int as count
      from beta_feedback_responses as r
      cross join lateral (values ${pairs}) as v(field, answer)
      where r.created_at >= ${from} and r.created_at <= ${to}
      group by v.field, v.answer
    `.execute(db),
    sql<{ responses: number }>`
      select count(*)::int as responses from beta_feedback_responses
      where created_at >= ${from} and created_at <= ${to}
    `.execute(db),
  ]);
  const distributions: Record<string, Record<string, number>> = {};
  for (const [field, scale] of Object.entries(RATED_FIELDS)) {
    distributions[field] = Object.fromEntries(scale.map((answer) => [answer, 0]));
  }
  for (const row of counts.rows) {
    const distribution = distributions[row.field];
    if (distribution) distribution[row.answer] = row.count;
  }
  return {
    responses: total.rows[0]?.responses ?? 0,
    distributions,
    recommendationScore: recommendationScore(distributions.recommendationLikelihood ?? {}),
  };
}

/** The operator's dashboard: all aggregation happens in SQL, over indexed ranges. */
export async function buildDashboard(db: DB, days: number): Promise<AnalyticsDashboard> {
  const period = await periodOf(db, days);
  const [counts, views, pages, referrers, funnel, results] = await Promise.all([
    totals(db),
    pageViewsPerDay(db, period),
    topPages(db, period),
    topReferrers(db, period),
    waitlistFunnel(db, period),
    feedback(db, period),
  ]);
  return {
    ...counts,
    period: { from: period.from.toISOString(), to: period.to.toISOString(), days },
    pageViewsPerDay: views,
    topPages: pages,
    topReferrers: referrers,
    waitlistFunnel: funnel,
    feedback: results,
  };
}
