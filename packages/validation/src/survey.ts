import { z } from 'zod';
import {
  emailAddress,
  honeypotShape,
  INVALID_EMAIL_MESSAGE,
  LIMITS,
  optionalText,
  requiredText,
} from './fields';

// Answer scales of spec section 3.
export const AI_EXPERIENCE_LEVELS = ['beginner', 'intermediate', 'advanced', 'expert'] as const;
export const EASE_SCALE = [
  'very_difficult',
  'difficult',
  'neutral',
  'easy',
  'very_easy',
  'did_not_attempt',
] as const;
export const SATISFACTION_SCALE = [
  'very_dissatisfied',
  'dissatisfied',
  'neutral',
  'satisfied',
  'very_satisfied',
  'not_sure',
] as const;
export const USEFULNESS_SCALE = [
  'not_useful',
  'slightly_useful',
  'moderately_useful',
  'very_useful',
  'extremely_useful',
  'did_not_use',
] as const;
export const RECOMMENDATION_SCALE = [
  'not_at_all_likely',
  'unlikely',
  'neutral',
  'likely',
  'very_likely',
  'not_sure',
] as const;

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

/** The nine survey steps of spec section 2, each with the fields it asks. */
export const BETA_FEEDBACK_STEPS = [
  { title: 'Personal Information', fields: ['email', 'firstName', 'lastName'] },
  { title: 'Demographics', fields: ['primaryRole', 'aiExperienceLevel'] },
  { title: 'Initial Impressions', fields: ['gettingStartedEase', 'initialImpressions'] },
  {
    title: 'Feature Usability',
    fields: ['workflowEase', 'keywordResearchEase', 'blogPostCreationEase', 'whyItMattersUseful'],
  },
  {
    title: 'Feature Ratings',
    fields: [
      'profileSetupRating',
      'brandSetupRating',
      'keywordResearchRating',
      'blogPostRating',
      'contentLibraryRating',
    ],
  },
  { title: 'General Feedback', fields: ['generalFeedback'] },
  {
    title: 'Content Quality and Relevance',
    fields: ['contentQualitySatisfaction', 'contentAccuracyRating', 'brandReflectionRating'],
  },
  { title: 'Overall Experience', fields: ['recommendationLikelihood', 'overallSatisfaction'] },
  {
    title: 'Suggestions and Additional Comments',
    fields: ['improvementSuggestions', 'additionalComments'],
  },
] as const satisfies readonly { title: string; fields: readonly BetaFeedbackField[] }[];

export const BETA_FEEDBACK_OPTIONAL_FIELDS: readonly BetaFeedbackField[] = [
  'generalFeedback',
  'improvementSuggestions',
  'additionalComments',
];

export const SURVEY_SCROLL_DELAY_MS = 100;
