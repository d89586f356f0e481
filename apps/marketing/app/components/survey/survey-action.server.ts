import { type ActionFunctionArgs, data } from '@remix-run/node';
import type { BetaFeedbackRequest } from '@repo/api-client';
import {
  type BetaFeedbackField,
  betaFeedbackSchema,
  HONEYPOT_FIELD,
  surveyKeySchema,
} from '@repo/validation';
import {
  FORM_ANSWER_HEADERS,
  FORM_FAILURE_STATUS,
  type FormFailure,
  formFailureOf,
} from '~/utils/form-failure.server';
import { readFormBody, textField } from '~/utils/read-form-body.server';
import { siteApiFor } from '~/utils/site-api.server';
import { EMPTY_SURVEY, type SurveyValues, toFeedbackPayload } from './survey-fields';
import type { SurveyActionData } from './survey-outcome';

/** The progress key's field: the survey saved step by step that this submit completes. */
const PROGRESS_KEY_FIELD = 'progressKey';

export interface ParsedSurveyForm {
  /** As typed, to fill the form again. */
  values: SurveyValues;
  /** The honeypot: empty from a person. */
  website: string;
  /** A well-formed key, else none (a malformed one would only earn a 400 from the API). */
  progressKey?: string;
  /** Each invalid field's message (spec section 5), empty when the survey may go. */
  errors: Partial<Record<BetaFeedbackField, string>>;
  /** The answers trimmed, optional empty ones left out, once valid. */
  answers?: Record<string, string>;
}

/** The survey's fields, checked by the shared schema; nothing else a posted form holds is read. */
export function parseSurveyForm(form: FormData | undefined): ParsedSurveyForm {
  const values = Object.fromEntries(
    Object.keys(EMPTY_SURVEY).map((field) => [field, textField(form, field)]),
  ) as SurveyValues;
  const website = textField(form, HONEYPOT_FIELD);
  const key = surveyKeySchema.safeParse(textField(form, PROGRESS_KEY_FIELD));
  const progressKey = key.success ? key.data : undefined;
  const answers = toFeedbackPayload(values);
  const result = betaFeedbackSchema.safeParse(answers);
  if (result.success) return { values, website, progressKey, errors: {}, answers };
  const errors: Partial<Record<BetaFeedbackField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as BetaFeedbackField;
    errors[field] ??= issue.message;
  }
  return { values, website, progressKey, errors };
}

function answer(body: SurveyActionData, status: number, headers: HeadersInit = {}) {
  return data(body, { status, headers: { ...FORM_ANSWER_HEADERS, ...headers } });
}

function failed(values: SurveyValues, failure: FormFailure, headers: HeadersInit = {}) {
  return answer({ outcome: 'failed', values, failure }, FORM_FAILURE_STATUS[failure], headers);
}

/**
 * POST /beta-feedback (issue 22): the survey with or without JavaScript. The dialog's
 * last step submits here through a fetcher; without JavaScript the page's one-page
 * survey posts here. Checked by the shared schema, then sent to the API as the visitor
 * (their address, so its rate limit and honeypot hold as through the /api proxy).
 */
export async function surveyAction({ request, context }: ActionFunctionArgs) {
  const body = await readFormBody(request);
  if (body.kind === 'too-large') {
    // The client may still be sending: close the connection rather than read the rest.
    return failed(EMPTY_SURVEY, 'too-large', { connection: 'close' });
  }
  const parsed = parseSurveyForm(body.kind === 'form' ? body.form : undefined);
  if (!parsed.answers) {
    return answer({ outcome: 'invalid', values: parsed.values, errors: parsed.errors }, 400);
  }
  try {
    await siteApiFor(request, context).betaFeedback.submit({
      ...parsed.answers,
      website: parsed.website,
      ...(parsed.progressKey ? { progressKey: parsed.progressKey } : {}),
    } as BetaFeedbackRequest);
  } catch (error) {
    return failed(parsed.values, formFailureOf(error));
  }
  return answer({ outcome: 'sent' }, 200);
}
