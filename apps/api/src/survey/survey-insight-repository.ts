import type { SurveyInsight, SurveyTextAnswerPage } from '@repo/validation';
import type { DB } from '@repo/db';
import {
  BETA_FEEDBACK_STEPS,
  SURVEY_FREE_TEXT_FIELDS,
  SURVEY_RESUME_DAYS,
  type SurveyAnswersQuery,
} from '@repo/validation';
import { sql } from 'kysely';
import { answerDistributions, recommendationScore } from './survey-results';
import { streamForExport } from '../export-stream';
import { pageOffset } from '../paginate';

/** A LIKE pattern for "contains `text`": `%`, `_` and `\\` in it match themselves. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Completion and drop-off: every survey opened is one partial response, which
 * remembers the furthest step it reached. A survey reached step n when its
 * furthest step is n or more; an unfinished one stopped at its furthest step.
 */
async function surveyFunnel(db: DB): Promise<SurveyInsight['funnel']> {
  const result = await sql<{
    furthestStep: number;
    surveys: number;
    completed: number;
    resumable: number;
  }>`
    select furthest_step as "furthestStep",
           count(*)::int as surveys,
           count(*) filter (where completed_at is not null)::int as completed,
           count(*) filter (
             where completed_at is null
               and updated_at > now() - make_interval(days => ${SURVEY_RESUME_DAYS})
           )::int as resumable
    from beta_feedback_progress
    group by furthest_step
  `.execute(db);
  const byStep = new Map(result.rows.map((row) => [Number(row.furthestStep), row]));
  let reached = 0;
  const steps = BETA_FEEDBACK_STEPS.map((entry, index) => ({ step: index + 1, title: entry.title }))
    .reverse()
    .map(({ step, title }) => {
      const row = byStep.get(step);
      reached += row?.surveys ?? 0;
      return {
        step,
        title,
        reached,
        stoppedHere: (row?.surveys ?? 0) - (row?.completed ?? 0),
        resumableHere: row?.resumable ?? 0,
      };
    })
    .reverse();
  const sum = (key: 'surveys' | 'completed' | 'resumable') =>
    result.rows.reduce((total, row) => total + row[key], 0);
  return {
    started: sum('surveys'),
    completed: sum('completed'),
    resumable: sum('resumable'),
    steps,
  };
}

/** The console's survey view: drop-off, every rated question's answers, the recommendation score. */
export async function buildSurveyInsight(db: DB): Promise<SurveyInsight> {
  const [funnel, results] = await Promise.all([surveyFunnel(db), answerDistributions(db)]);
  const counts = results.distributions.recommendationLikelihood ?? {};
  const { score, opinions } = recommendationScore(counts);
  return {
    funnel,
    responses: results.responses,
    distributions: results.distributions,
    recommendation: { score, opinions, counts },
  };
}

/** The free-text answers of completed responses, newest first; `search` matches the answer. */
export async function listSurveyTextAnswers(
  db: DB,
  { page, pageSize, search, field }: SurveyAnswersQuery,
): Promise<SurveyTextAnswerPage> {
  const pairs = sql.join(
    SURVEY_FREE_TEXT_FIELDS.map(
      (name, order) => sql`(${sql.lit(name)}, ${sql.lit(order)}, ${sql.ref(`r.${name}`)})`,
    ),
  );
  const filters = [sql`v.answer is not null`, sql`v.answer <> ''`];
  if (field) filters.push(sql`v.field = ${field}`);
  if (search) filters.push(sql`lower(v.answer) like ${containsPattern(search)}`);
  const from = sql`
    from beta_feedback_responses as r
    cross join lateral (values ${pairs}) as v(field, position, answer)
    where ${sql.join(filters, sql` and `)}
  `;
  const [rows, count] = await Promise.all([
    sql<{
      responseId: string;
      field: string;
      answer: string;
      firstName: string;
      lastName: string;
      email: string;
      createdAt: Date;
    }>`
      select r.id as "responseId", v.field, v.answer, r.first_name as "firstName",
             r.last_name as "lastName", r.email, r.created_at as "createdAt"
      ${from}
      order by r.created_at desc, r.id desc, v.position
      limit ${pageSize} offset ${pageOffset({ page, pageSize })}
    `.execute(db),
    sql<{ total: number }>`select count(*)::int as total ${from}`.execute(db),
  ]);
  return {
    items: rows.rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() })),
    total: count.rows[0]?.total ?? 0,
    page,
    pageSize,
  };
}

/** Every completed response, newest first, read as the client reads the CSV (bounded memory). */
export function streamFeedbackResponses(db: DB) {
  return streamForExport(db, (trx) =>
    trx
      .selectFrom('betaFeedbackResponses')
      .selectAll()
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .stream(500),
  );
}
