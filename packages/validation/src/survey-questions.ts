// Types only: this module is read by the survey's first screen, which loads no zod (issue 32).
import type { BetaFeedbackField } from './survey';

/*
 * The beta survey's questions without their rules (spec sections 2 and 3): the answer
 * scales, the nine steps and the fields each asks, the optional fields, and the
 * browser's settings of the survey. survey.ts builds the rules (zod) on these; the
 * site's survey shows its first step from this module alone and fetches the rules
 * when the visitor starts answering (issue 32).
 */

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

/*
 * Survey insight (issue 12): the beta feedback survey saves its answers step by
 * step under a random key the browser keeps, and can be resumed for 7 days.
 */

/** A partial survey can be resumed this long after its last save. */
export const SURVEY_RESUME_DAYS = 7;
export const SURVEY_TOTAL_STEPS = BETA_FEEDBACK_STEPS.length;

/** Where the browser keeps its survey key (localStorage). */
export const SURVEY_KEY_STORAGE = 'wordloom.survey.key';
