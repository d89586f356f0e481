import type { DB } from '@repo/db';
import {
  EASE_SCALE,
  RECOMMENDATION_SCALE,
  SATISFACTION_SCALE,
  USEFULNESS_SCALE,
} from '@repo/validation';
import { sql } from 'kysely';

/**
 * The survey's answers as the dashboard and the console's survey view read them.
 * A layer of its own: the analytics dashboard and the admin feedback routes both use it.
 */

/** Every rated survey field (spec section 3) with its answer scale, in the survey's order. */
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

export interface TimeRange {
  from: Date;
  /** Exclusive. */
  to: Date;
}

export interface AnswerDistributions {
  responses: number;
  /** field -> answer -> count, every answer of the scale present (zeros included). */
  distributions: Record<string, Record<string, number>>;
}

/** Counts of every answer to every rated question, over the responses in `range` (all when absent). */
export async function answerDistributions(db: DB, range?: TimeRange): Promise<AnswerDistributions> {
  const fields = Object.keys(RATED_FIELDS);
  // One pass over the responses: each row unpivoted into (field, answer) pairs.
  const pairs = sql.join(fields.map((field) => sql`(${sql.lit(field)}, ${sql.ref(`r.${field}`)})`));
  const within = range
    ? sql`r.created_at >= ${range.from} and r.created_at < ${range.to}`
    : sql`true`;
  const [counts, total] = await Promise.all([
    sql<{ field: string; answer: string; count: number }>`
      select v.field, v.answer, count(*)::int as count
      from beta_feedback_responses as r
      cross join lateral (values ${pairs}) as v(field, answer)
      where ${within}
      group by v.field, v.answer
    `.execute(db),
    sql<{ responses: number }>`
      select count(*)::int as responses from beta_feedback_responses as r where ${within}
    `.execute(db),
  ]);
  const distributions: Record<string, Record<string, number>> = {};
  for (const [field, scale] of Object.entries(RATED_FIELDS)) {
    distributions[field] = Object.fromEntries(scale.map((answer) => [answer, 0]));
  }
  for (const row of counts.rows) {
    const distribution = distributions[row.field];
    if (distribution && row.answer in distribution) distribution[row.answer] = row.count;
  }
  return { responses: total.rows[0]?.responses ?? 0, distributions };
}

export interface RecommendationScore {
  /** -100..100, rounded; null while nobody gave an opinion. */
  score: number | null;
  /** Answers that count: every one but 'not sure'. */
  opinions: number;
  promoters: number;
  detractors: number;
}

/**
 * Issue 12: the share of 'very likely' minus the share of 'not at all likely'
 * and 'unlikely', in percent of the answers that gave an opinion ('not sure'
 * abstains, as it says nothing about recommending).
 */
export function recommendationScore(counts: Record<string, number>): RecommendationScore {
  const promoters = counts.very_likely ?? 0;
  const detractors = (counts.not_at_all_likely ?? 0) + (counts.unlikely ?? 0);
  const opinions = RECOMMENDATION_SCALE.filter((answer) => answer !== 'not_sure').reduce(
    (sum, answer) => sum + (counts[answer] ?? 0),
    0,
  );
  return {
    score: opinions === 0 ? null : Math.round(((promoters - detractors) / opinions) * 100),
    opinions,
    promoters,
    detractors,
  };
}
