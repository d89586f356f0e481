import { createHash } from 'node:crypto';
import type { DB } from '@repo/db';
import { SURVEY_RESUME_DAYS, SURVEY_TOTAL_STEPS } from '@repo/validation';
import { sql } from 'kysely';

/** Only the SHA-256 of the browser's key is stored: a copy of the table cannot resume a survey. */
export function hashSurveyKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Still resumable: unfinished and saved within the last 7 days. */
const resumable = sql<boolean>`completed_at is null
  and updated_at > now() - make_interval(days => ${SURVEY_RESUME_DAYS})`;

export interface SurveyProgress {
  step: number;
  answers: Record<string, string>;
  savedAt: Date;
}

/**
 * Saves the survey in progress of the browser holding `key`. The first save
 * creates it; later saves replace the answers and the step, and remember the
 * furthest step reached. A survey already completed, or left for more than 7
 * days, is closed: 'closed' (the browser starts a new one under a new key).
 * One statement, so two saves racing from two tabs cannot create two rows.
 */
export async function saveSurveyProgress(
  db: DB,
  key: string,
  { step, answers }: { step: number; answers: Record<string, string> },
): Promise<{ outcome: 'saved'; savedAt: Date } | { outcome: 'closed' }> {
  const row = await db
    .insertInto('betaFeedbackProgress')
    .values({
      browserKeyHash: hashSurveyKey(key),
      answers: JSON.stringify(answers),
      step,
      furthestStep: step,
    })
    .onConflict((conflict) =>
      conflict
        .column('browserKeyHash')
        .doUpdateSet({
          answers: (eb) => eb.ref('excluded.answers'),
          step: (eb) => eb.ref('excluded.step'),
          furthestStep: sql<number>`greatest(beta_feedback_progress.furthest_step, excluded.furthest_step)`,
          updatedAt: sql<Date>`now()`,
        })
        .where(sql<boolean>`beta_feedback_progress.completed_at is null`)
        .where(
          sql<boolean>`beta_feedback_progress.updated_at > now() - make_interval(days => ${SURVEY_RESUME_DAYS})`,
        ),
    )
    .returning('updatedAt')
    .executeTakeFirst();
  return row ? { outcome: 'saved', savedAt: row.updatedAt } : { outcome: 'closed' };
}

/** The survey `key`'s browser may resume, if any. */
export async function findResumableProgress(
  db: DB,
  key: string,
): Promise<SurveyProgress | undefined> {
  const row = await db
    .selectFrom('betaFeedbackProgress')
    .select(['step', 'answers', 'updatedAt'])
    .where('browserKeyHash', '=', hashSurveyKey(key))
    .where(resumable)
    .executeTakeFirst();
  return row ? { step: row.step, answers: row.answers, savedAt: row.updatedAt } : undefined;
}

/**
 * The final submit completes the browser's survey: it is marked completed with
 * its response, and its saved answers are cleared (the response holds them now).
 * A submit whose progress was never saved still counts as started and completed.
 * Run in the transaction that inserts the response.
 */
export async function completeSurveyProgress(
  db: DB,
  key: string,
  responseId: string,
): Promise<void> {
  await db
    .insertInto('betaFeedbackProgress')
    .values({
      browserKeyHash: hashSurveyKey(key),
      answers: '{}',
      step: SURVEY_TOTAL_STEPS,
      furthestStep: SURVEY_TOTAL_STEPS,
      completedAt: new Date(),
      responseId,
    })
    .onConflict((conflict) =>
      conflict
        .column('browserKeyHash')
        .doUpdateSet({
          answers: '{}',
          step: SURVEY_TOTAL_STEPS,
          furthestStep: SURVEY_TOTAL_STEPS,
          completedAt: sql<Date>`now()`,
          updatedAt: sql<Date>`now()`,
          responseId,
        })
        // A second submit from the same browser keeps the first completion.
        .where(sql<boolean>`beta_feedback_progress.completed_at is null`),
    )
    .execute();
}

/**
 * Clears the answers of surveys nobody can resume any more (unfinished for over
 * 7 days): they are kept only as counts for the drop-off (data minimisation).
 * Returns how many were cleared.
 */
export async function clearAbandonedSurveyAnswers(db: DB): Promise<number> {
  const result = await db
    .updateTable('betaFeedbackProgress')
    .set({ answers: '{}' })
    .where('completedAt', 'is', null)
    .where(sql<boolean>`updated_at <= now() - make_interval(days => ${SURVEY_RESUME_DAYS})`)
    .where(sql<boolean>`answers <> '{}'::jsonb`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
