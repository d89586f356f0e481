// Types only: zod stays out of the page's download (it loads with the survey).
import type { BetaFeedbackField } from '@repo/validation';
import type { FormFailure } from '~/utils/form-failure.server';
import type { SurveyValues } from './survey-fields';

/** Where the survey posts, with and without JavaScript: the survey page's action. */
export const SURVEY_ACTION = '/beta-feedback';

/** The query that asks for the page's one-page survey (the button's, before JavaScript runs). */
export const SURVEY_PAGE_FORM_QUERY = { name: 'view', value: 'form' } as const;

/** The element id the page's survey is reached by (the answer to its post scrolls there). */
export const SURVEY_PAGE_FORM_ID = 'survey-form';

/** What the survey page's action answers (survey-action.server.ts). */
export type SurveyActionData =
  | { outcome: 'sent' }
  | {
      outcome: 'invalid';
      values: SurveyValues;
      errors: Partial<Record<BetaFeedbackField, string>>;
    }
  | { outcome: 'failed'; values: SurveyValues; failure: FormFailure };

/** The success screen's words (spec sections 2 and 8), in the dialog and on the page. */
export const SURVEY_THANK_YOU = {
  title: 'Thank you for your feedback!',
  description:
    'Your responses were submitted successfully. The team reads every answer, and you will see the results in the next Monday drop.',
} as const;
