import { z } from 'zod';
import { listSearchField, pageFields } from './admin';
import {
  BETA_FEEDBACK_OPTIONAL_FIELDS,
  BETA_FEEDBACK_STEPS,
  type BetaFeedbackField,
  betaFeedbackSchema,
  surveyKeySchema,
} from './beta-feedback';
import { honeypotShape } from './fields';

/*
 * Survey insight (issue 12): the beta feedback survey saves its answers step by
 * step under a random key the browser keeps, and can be resumed for 7 days.
 */

/** A partial survey can be resumed this long after its last save. */
export const SURVEY_RESUME_DAYS = 7;
export const SURVEY_TOTAL_STEPS = BETA_FEEDBACK_STEPS.length;

/** Where the browser keeps its survey key (localStorage). */
export const SURVEY_KEY_STORAGE = 'wordloom.survey.key';

const STEP_MESSAGE = `step must be a whole number from 1 to ${SURVEY_TOTAL_STEPS}`;

/** The required fields of the steps before `step` (1-based): answered before moving on. */
export function requiredFieldsBefore(step: number): BetaFeedbackField[] {
  return BETA_FEEDBACK_STEPS.slice(0, Math.max(0, step - 1))
    .flatMap((entry) => entry.fields as readonly BetaFeedbackField[])
    .filter((field) => !BETA_FEEDBACK_OPTIONAL_FIELDS.includes(field));
}

/**
 * A save of the survey in progress: the step it reopens at and the answers so
 * far. Each answer follows the final submit's rule; every required answer of
 * the steps already passed must be there (Next moves on only when they are).
 */
export const surveyProgressRequestSchema = z
  .object({
    key: surveyKeySchema,
    step: z
      .number({ error: STEP_MESSAGE })
      .int({ error: STEP_MESSAGE })
      .min(1, { error: STEP_MESSAGE })
      .max(SURVEY_TOTAL_STEPS, { error: STEP_MESSAGE }),
    answers: betaFeedbackSchema.partial().default({}),
    ...honeypotShape,
  })
  .superRefine((progress, ctx) => {
    const answers = progress.answers as Partial<Record<BetaFeedbackField, unknown>>;
    for (const field of requiredFieldsBefore(progress.step)) {
      if (answers[field] === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['answers', field],
          message: `${field} is answered before step ${progress.step}`,
        });
      }
    }
  });
export type SurveyProgressRequest = z.input<typeof surveyProgressRequestSchema>;

/** GET /api/beta-feedback/progress?key= */
export const surveyProgressQuerySchema = z.object({ key: surveyKeySchema });

/** The free-text questions of the survey, listed (with search) in the console. */
export const SURVEY_FREE_TEXT_FIELDS = [
  'initialImpressions',
  'generalFeedback',
  'improvementSuggestions',
  'additionalComments',
] as const satisfies readonly BetaFeedbackField[];
export type SurveyFreeTextField = (typeof SURVEY_FREE_TEXT_FIELDS)[number];

const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);

/** GET /api/admin/feedback/answers?page=&pageSize=&search=&field= */
export const surveyAnswersQuerySchema = z.object({
  ...pageFields,
  search: listSearchField,
  field: z.preprocess(
    blankAsAbsent,
    z
      .enum(SURVEY_FREE_TEXT_FIELDS, {
        error: `field must be one of ${SURVEY_FREE_TEXT_FIELDS.join(', ')}`,
      })
      .optional(),
  ),
});
export type SurveyAnswersQuery = z.output<typeof surveyAnswersQuerySchema>;
