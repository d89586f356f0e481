import { z } from './zod-config';
import { answerDistributionsSchema } from './analytics';
import { isoTimestamp } from './common';
import {
  emailAddress,
  honeypotShape,
  INVALID_EMAIL_MESSAGE,
  LIMITS,
  optionalText,
  requiredText,
} from './fields';
import { listSearchField, optionalFilter, pageFields, pageOf, type QueryParams } from './paging';
import {
  AI_EXPERIENCE_LEVELS,
  BETA_FEEDBACK_OPTIONAL_FIELDS,
  BETA_FEEDBACK_STEPS,
  EASE_SCALE,
  RECOMMENDATION_SCALE,
  SATISFACTION_SCALE,
  SURVEY_TOTAL_STEPS,
  USEFULNESS_SCALE,
} from './survey-questions';

/*
 * The beta survey (spec sections 2 and 3): the feedback form a tester fills in,
 * saved step by step and resumable (issue 12), and what the console reads of it
 * (responses, free-text answers, insight). One name for it: the survey. Its
 * routes still say beta-feedback and feedback (GET /api/beta-feedback/progress,
 * /api/admin/feedback/...): paths are a public contract.
 */

export const BETA_FEEDBACK_MESSAGES = {
  email: INVALID_EMAIL_MESSAGE,
  firstName: 'First name is required',
  lastName: 'Last name is required',
  primaryRole: 'Please enter your primary role',
  aiExperienceLevel: 'Please select your AI experience level',
  initialImpressions: 'Please share your initial impressions',
  gettingStartedEase: 'Please rate the ease of getting started',
  workflowEase: 'Please rate the workflow ease',
  keywordResearchEase: 'Please rate keyword research ease',
  blogPostCreationEase: 'Please rate blog post creation ease',
  whyItMattersUseful: "Please rate the usefulness of 'Why it matters' sections",
  profileSetupRating: 'Please rate profile setup',
  brandSetupRating: 'Please rate brand setup',
  keywordResearchRating: 'Please rate keyword research',
  blogPostRating: 'Please rate blog post creation',
  contentLibraryRating: 'Please rate content library organization',
  contentQualitySatisfaction: 'Please rate content quality satisfaction',
  contentAccuracyRating: 'Please rate content accuracy',
  brandReflectionRating: 'Please rate brand reflection',
  recommendationLikelihood: 'Please rate recommendation likelihood',
  overallSatisfaction: 'Please rate overall satisfaction',
} as const;

const m = BETA_FEEDBACK_MESSAGES;
const choice = <const T extends readonly [string, ...string[]]>(scale: T, message: string) =>
  z.enum(scale, { error: message });

export const betaFeedbackSchema = z.object({
  email: emailAddress(m.email),
  firstName: requiredText(LIMITS.nameMin, m.firstName),
  lastName: requiredText(LIMITS.nameMin, m.lastName),
  primaryRole: requiredText(1, m.primaryRole),
  aiExperienceLevel: choice(AI_EXPERIENCE_LEVELS, m.aiExperienceLevel),
  gettingStartedEase: choice(EASE_SCALE, m.gettingStartedEase),
  initialImpressions: requiredText(
    LIMITS.initialImpressionsMin,
    m.initialImpressions,
    LIMITS.longTextMax,
  ),
  workflowEase: choice(EASE_SCALE, m.workflowEase),
  keywordResearchEase: choice(EASE_SCALE, m.keywordResearchEase),
  blogPostCreationEase: choice(EASE_SCALE, m.blogPostCreationEase),
  whyItMattersUseful: choice(USEFULNESS_SCALE, m.whyItMattersUseful),
  profileSetupRating: choice(EASE_SCALE, m.profileSetupRating),
  brandSetupRating: choice(EASE_SCALE, m.brandSetupRating),
  keywordResearchRating: choice(EASE_SCALE, m.keywordResearchRating),
  blogPostRating: choice(EASE_SCALE, m.blogPostRating),
  contentLibraryRating: choice(EASE_SCALE, m.contentLibraryRating),
  generalFeedback: optionalText(),
  contentQualitySatisfaction: choice(SATISFACTION_SCALE, m.contentQualitySatisfaction),
  contentAccuracyRating: choice(SATISFACTION_SCALE, m.contentAccuracyRating),
  brandReflectionRating: choice(SATISFACTION_SCALE, m.brandReflectionRating),
  recommendationLikelihood: choice(RECOMMENDATION_SCALE, m.recommendationLikelihood),
  overallSatisfaction: choice(SATISFACTION_SCALE, m.overallSatisfaction),
  improvementSuggestions: optionalText(),
  additionalComments: optionalText(),
});

const SURVEY_KEY_LENGTH = { min: 16, max: 100 } as const;
const SURVEY_KEY_MESSAGE = `key must be ${SURVEY_KEY_LENGTH.min} to ${SURVEY_KEY_LENGTH.max} letters, digits, - or _`;
/** The random key a browser keeps for its survey in progress (issue 12): a UUID in practice. */
export const surveyKeySchema = z
  .string({ error: SURVEY_KEY_MESSAGE })
  .regex(new RegExp(`^[A-Za-z0-9_-]{${SURVEY_KEY_LENGTH.min},${SURVEY_KEY_LENGTH.max}}$`), {
    error: SURVEY_KEY_MESSAGE,
  });

/**
 * What the public survey posts: the answers plus the honeypot, and the key of
 * the survey in progress that this submit completes (issue 12), when there is one.
 */
export const betaFeedbackRequestSchema = betaFeedbackSchema.extend({
  ...honeypotShape,
  progressKey: surveyKeySchema.optional(),
});

export type BetaFeedbackInput = z.input<typeof betaFeedbackSchema>;
export type BetaFeedback = z.output<typeof betaFeedbackSchema>;
export type BetaFeedbackField = keyof BetaFeedback;
export type BetaFeedbackRequest = z.input<typeof betaFeedbackRequestSchema>;

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

/** GET /api/admin/feedback/answers?page=&pageSize=&search=&field= */
export const surveyAnswersQuerySchema = z.object({
  ...pageFields,
  search: listSearchField,
  field: optionalFilter(
    SURVEY_FREE_TEXT_FIELDS,
    `field must be one of ${SURVEY_FREE_TEXT_FIELDS.join(', ')}`,
  ),
});
/** The answers query as the API reads it (defaults filled). */
export type SurveyAnswersQuery = z.output<typeof surveyAnswersQuerySchema>;
/** The answers query as a caller writes it (api-client's `SurveyAnswersQuery`). */
export type SurveyAnswersParams = QueryParams<typeof surveyAnswersQuerySchema>;

/** POST /api/beta-feedback (201) */
export const betaFeedbackResponseSchema = z.object({
  id: z.string(),
  message: z.string(),
});

export type BetaFeedbackResponse = z.output<typeof betaFeedbackResponseSchema>;

/** GET /api/beta-feedback/progress?key= : the survey to resume, or null. */
export const surveyProgressAnswerSchema = z.object({
  progress: z
    .object({
      step: z.number().int(),
      answers: z.record(z.string(), z.string()),
      savedAt: isoTimestamp,
      resumableUntil: isoTimestamp,
    })
    .nullable(),
});

/** GET /api/beta-feedback/progress?key= : the survey to resume, or null (none, completed or expired). */
export type SurveyProgressAnswer = z.output<typeof surveyProgressAnswerSchema>;

/** PUT /api/beta-feedback/progress */
export const surveyProgressSavedSchema = z.object({
  saved: z.literal(true),
  resumableUntil: isoTimestamp,
});
/** PUT /api/beta-feedback/progress */
export type SurveyProgressSaved = z.output<typeof surveyProgressSavedSchema>;

// Survey responses and insight (issue 12).
export const feedbackResponsePageSchema = z.object({
  responses: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      createdAt: isoTimestamp,
      recommendationLikelihood: z.string().nullable(),
      overallSatisfaction: z.string().nullable(),
    }),
  ),
  total: z.number(),
});
export type FeedbackResponsePage = z.output<typeof feedbackResponsePageSchema>;
export type FeedbackResponseSummary = FeedbackResponsePage['responses'][number];
export const surveyInsightSchema = z.object({
  funnel: z.object({
    started: z.number(),
    completed: z.number(),
    resumable: z.number(),
    steps: z.array(
      z.object({
        step: z.number(),
        title: z.string(),
        reached: z.number(),
        stoppedHere: z.number(),
        resumableHere: z.number(),
      }),
    ),
  }),
  responses: z.number(),
  distributions: answerDistributionsSchema,
  recommendation: z.object({
    score: z.number().nullable(),
    opinions: z.number(),
    counts: z.record(z.string(), z.number()),
  }),
});
export const surveyTextAnswerPageSchema = pageOf(
  z.object({
    responseId: z.string(),
    field: z.string(),
    answer: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    createdAt: isoTimestamp,
  }),
);
export type SurveyInsight = z.output<typeof surveyInsightSchema>;
export type SurveyTextAnswerPage = z.output<typeof surveyTextAnswerPageSchema>;
export type SurveyTextAnswer = SurveyTextAnswerPage['items'][number];
