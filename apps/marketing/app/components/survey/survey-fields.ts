import {
  AI_EXPERIENCE_LEVELS,
  BETA_FEEDBACK_OPTIONAL_FIELDS,
  type BetaFeedbackField,
  EASE_SCALE,
  RECOMMENDATION_SCALE,
  SATISFACTION_SCALE,
  USEFULNESS_SCALE,
} from '@repo/validation';
import { SITE_NAME } from '~/utils/site';

// How the survey's questions are asked, without their rules: these names come from
// survey-questions.ts, which needs no zod (issue 32). The rules are in survey-rules.ts,
// fetched when the visitor starts answering.

export type SurveyValues = Record<BetaFeedbackField, string>;

type FieldKind =
  | { kind: 'text'; type?: 'email' | 'text'; autoComplete?: string }
  | { kind: 'textarea' }
  | { kind: 'choice'; options: readonly string[] };

const ease = { kind: 'choice', options: EASE_SCALE } as const;
const satisfaction = { kind: 'choice', options: SATISFACTION_SCALE } as const;

/** How each survey field is asked (spec section 3 gives the fields and scales). */
export const SURVEY_FIELDS: Record<BetaFeedbackField, { label: string } & FieldKind> = {
  email: { label: 'Email address', kind: 'text', type: 'email', autoComplete: 'email' },
  firstName: { label: 'First name', kind: 'text', autoComplete: 'given-name' },
  lastName: { label: 'Last name', kind: 'text', autoComplete: 'family-name' },
  primaryRole: {
    label: 'What is your primary role?',
    kind: 'text',
    autoComplete: 'organization-title',
  },
  aiExperienceLevel: {
    label: 'How experienced are you with AI writing tools?',
    kind: 'choice',
    options: AI_EXPERIENCE_LEVELS,
  },
  gettingStartedEase: { label: 'How easy was it to get started?', ...ease },
  initialImpressions: {
    label: `What were your first impressions of ${SITE_NAME}?`,
    kind: 'textarea',
  },
  workflowEase: { label: 'How easy was it to set up your workflow?', ...ease },
  keywordResearchEase: { label: 'How easy was keyword research?', ...ease },
  blogPostCreationEase: { label: 'How easy was it to create a blog post?', ...ease },
  whyItMattersUseful: {
    label: "How useful were the 'Why it matters' sections?",
    kind: 'choice',
    options: USEFULNESS_SCALE,
  },
  profileSetupRating: { label: 'Profile setup', ...ease },
  brandSetupRating: { label: 'Brand setup', ...ease },
  keywordResearchRating: { label: 'Keyword research', ...ease },
  blogPostRating: { label: 'Blog post creation', ...ease },
  contentLibraryRating: { label: 'Content library organization', ...ease },
  generalFeedback: {
    label: 'Any general feedback about the features you tried?',
    kind: 'textarea',
  },
  contentQualitySatisfaction: {
    label: 'How satisfied are you with the quality of the content?',
    ...satisfaction,
  },
  contentAccuracyRating: { label: 'How accurate was the generated content?', ...satisfaction },
  brandReflectionRating: { label: 'How well did the content reflect your brand?', ...satisfaction },
  recommendationLikelihood: {
    label: `How likely are you to recommend ${SITE_NAME} to a colleague?`,
    kind: 'choice',
    options: RECOMMENDATION_SCALE,
  },
  overallSatisfaction: {
    label: `Overall, how satisfied are you with ${SITE_NAME}?`,
    ...satisfaction,
  },
  improvementSuggestions: { label: 'What should we improve first?', kind: 'textarea' },
  additionalComments: { label: 'Anything else you would like to share?', kind: 'textarea' },
};

export const EMPTY_SURVEY = Object.fromEntries(
  Object.keys(SURVEY_FIELDS).map((field) => [field, '']),
) as SurveyValues;

export function isRequired(field: BetaFeedbackField): boolean {
  return !BETA_FEEDBACK_OPTIONAL_FIELDS.includes(field);
}

/** 'very_difficult' -> 'Very difficult'. */
export function optionLabel(value: string): string {
  const words = value.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function toFeedbackPayload(values: SurveyValues): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values)
      .map(([field, value]) => [field, value.trim()] as const)
      .filter(([field, value]) => value !== '' || isRequired(field as BetaFeedbackField)),
  );
}
