import { ApiError, type createSiteEndpoints } from '@repo/api-client';
import {
  codeFromQuery,
  HONEYPOT_FIELD,
  WAITLIST_STEPS,
  waitlistSignupRequestSchema,
  type WaitlistSignupRequest,
} from '@repo/validation';
import { EMPTY_WAITLIST, toSignupPayload, type WaitlistValues } from './waitlist-rules';

/*
 * Issue 22: one code path for the waitlist signup. The form posts to /beta's action
 * (a plain `<form method="post">` without JavaScript, `useFetcher().submit` with it);
 * the action reads the fields below, checks them with the API's own schema and calls
 * the API server to server. This module is shared by the browser (the field names)
 * and the server (the rest); it holds nothing secret.
 */

/**
 * Issue 11: what an invite code did: a seat at once, or the front of the queue.
 * Issue 19: `pending` until the address is confirmed; the confirmation link redeems it.
 */
export type InviteOutcome = 'approved' | 'queued' | 'pending';

/** The fields a form can carry besides the seven answers, as the form names them. */
export const WAITLIST_FORM_FIELDS = {
  inviteCode: 'inviteCode',
  referralCode: 'ref',
  landingPage: 'landing_page',
  referrer: 'referrer',
  utmSource: 'utm_source',
  utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign',
  /** Set by the wizard's script: it records its own analytics events (spec section 3). */
  enhanced: 'enhanced',
} as const;

/** A field the visitor can correct: the seven answers and the invite code. */
export type WaitlistFormField = keyof WaitlistValues | 'inviteCode';

export interface WaitlistProblem {
  field: WaitlistFormField;
  message: string;
}

/** What the action answers, to the page it renders (no JavaScript) or to the wizard. */
export type WaitlistActionData =
  | { outcome: 'success' | 'duplicate'; email: string; invite?: InviteOutcome }
  | {
      outcome: 'invalid' | 'invite_refused' | 'failed';
      /** Problems with a field (shown beside it and in the error summary). */
      problems: WaitlistProblem[];
      /** A problem with no field: the server's or the network's. */
      message?: string;
      values: WaitlistValues & { inviteCode: string };
    };

/** What one form post carries, read and trimmed, before any check. */
export interface WaitlistForm {
  values: WaitlistValues;
  website: string;
  inviteCode: string;
  referralCode?: string;
  source: NonNullable<WaitlistSignupRequest['source']>;
  /** The wizard's script records the analytics events; a plain form post does not. */
  enhanced: boolean;
}

function text(formData: FormData, name: string): string {
  const value = formData.get(name);
  // A file where text belongs is no answer at all.
  return typeof value === 'string' ? value : '';
}

const optional = (value: string) => value.trim() || undefined;

/** Reads a post's fields; anything missing or not text reads as empty. */
export function readWaitlistForm(formData: FormData): WaitlistForm {
  const values = { ...EMPTY_WAITLIST };
  for (const field of WAITLIST_STEPS) values[field] = text(formData, field);
  const field = (name: keyof typeof WAITLIST_FORM_FIELDS) =>
    text(formData, WAITLIST_FORM_FIELDS[name]);
  const source = {
    landingPage: optional(field('landingPage')),
    referrer: optional(field('referrer')),
    utmSource: optional(field('utmSource')),
    utmMedium: optional(field('utmMedium')),
    utmCampaign: optional(field('utmCampaign')),
  };
  return {
    values,
    website: text(formData, HONEYPOT_FIELD),
    inviteCode: field('inviteCode').trim(),
    referralCode: codeFromQuery(field('referralCode')),
    source: Object.fromEntries(
      Object.entries(source).filter(([, value]) => value !== undefined),
    ) as WaitlistForm['source'],
    enhanced: field('enhanced') === '1',
  };
}

/** The form's fields for a post: what the wizard sends to the action. */
export function waitlistFormData(form: Omit<WaitlistForm, 'enhanced'>): FormData {
  const data = new FormData();
  for (const field of WAITLIST_STEPS) data.set(field, form.values[field]);
  data.set(HONEYPOT_FIELD, form.website);
  data.set(WAITLIST_FORM_FIELDS.enhanced, '1');
  if (form.inviteCode) data.set(WAITLIST_FORM_FIELDS.inviteCode, form.inviteCode);
  if (form.referralCode) data.set(WAITLIST_FORM_FIELDS.referralCode, form.referralCode);
  for (const [key, value] of Object.entries(form.source)) {
    if (value) data.set(WAITLIST_FORM_FIELDS[key as keyof typeof form.source], value);
  }
  return data;
}

/** The request the API takes for this form. */
function toSignupRequest(form: WaitlistForm): WaitlistSignupRequest {
  return {
    ...toSignupPayload(form.values),
    [HONEYPOT_FIELD]: form.website,
    ...(Object.keys(form.source).length > 0 ? { source: form.source } : {}),
    ...(form.referralCode ? { referralCode: form.referralCode } : {}),
    ...(form.inviteCode ? { inviteCode: form.inviteCode } : {}),
  };
}

const CORRECTABLE: readonly string[] = [...WAITLIST_STEPS, 'inviteCode'];

/** The first message per field, in the form's order: the API's own schema decides (spec section 5). */
export function waitlistProblems(form: WaitlistForm): WaitlistProblem[] {
  const result = waitlistSignupRequestSchema.safeParse(toSignupRequest(form));
  if (result.success) return [];
  const found = new Map<WaitlistFormField, string>();
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    if (CORRECTABLE.includes(field) && !found.has(field as WaitlistFormField)) {
      found.set(field as WaitlistFormField, issue.message);
    }
  }
  return CORRECTABLE.filter((field) => found.has(field as WaitlistFormField)).map((field) => ({
    field: field as WaitlistFormField,
    message: found.get(field as WaitlistFormField) as string,
  }));
}

/** The HTTP status the action answers with, and what it says. */
export interface WaitlistAnswer {
  status: number;
  data: WaitlistActionData;
  /** False when the form was refused here, before the API was asked. */
  calledApi: boolean;
}

type SiteEndpoints = ReturnType<typeof createSiteEndpoints>;

const NETWORK_FAILURE = 'We could not reach the server. Please try again in a few moments.';

function failure(
  form: WaitlistForm,
  status: number,
  outcome: 'invalid' | 'invite_refused' | 'failed',
  problems: WaitlistProblem[],
  message?: string,
  calledApi = true,
): WaitlistAnswer {
  return {
    calledApi,
    status,
    data: {
      outcome,
      problems,
      ...(message ? { message } : {}),
      values: { ...form.values, inviteCode: form.inviteCode },
    },
  };
}

/** Spec section 8: how a failed signup is told apart, as the API answered it. */
function answerToError(form: WaitlistForm, error: unknown): WaitlistAnswer {
  if (!(error instanceof ApiError)) {
    // The API did not answer at all: this server's gateway failed.
    return failure(form, 502, 'failed', [], NETWORK_FAILURE);
  }
  if (error.body?.type === 'duplicate_email') {
    return {
      calledApi: true,
      status: 200,
      data: { outcome: 'duplicate', email: form.values.email.trim() },
    };
  }
  const issues = error.body?.issues ?? [];
  // Issue 11: a refused invite code is told as the server says it (issue 19: one answer for all).
  if (
    /invite_code/.test(error.body?.type ?? '') ||
    issues.some((issue) => issue.path === 'inviteCode')
  ) {
    return failure(form, error.status, 'invite_refused', [
      { field: 'inviteCode', message: error.serverMessage },
    ]);
  }
  if (error.status === 400) {
    // The API's checks beyond the shared schema (issue 19: disposable addresses).
    const problems = issues
      .filter((issue) => CORRECTABLE.includes(issue.path))
      .map((issue) => ({ field: issue.path as WaitlistFormField, message: issue.message }));
    return failure(
      form,
      400,
      'invalid',
      problems,
      problems.length === 0 ? error.serverMessage : undefined,
    );
  }
  // 429 keeps its status (the visitor should wait); the API's other failures are a 503 here.
  return failure(form, error.status === 429 ? 429 : 503, 'failed', [], error.serverMessage);
}

/** Checks the form and, when it holds, signs up through the API. */
export async function signUpFromForm(
  form: WaitlistForm,
  api: SiteEndpoints,
): Promise<WaitlistAnswer> {
  const problems = waitlistProblems(form);
  if (problems.length > 0) {
    const inviteOnly = problems.every((problem) => problem.field === 'inviteCode');
    return failure(
      form,
      400,
      inviteOnly ? 'invite_refused' : 'invalid',
      problems,
      undefined,
      false,
    );
  }
  try {
    const answer = await api.waitlist.signup(toSignupRequest(form));
    return {
      calledApi: true,
      status: 200,
      data: {
        outcome: 'success',
        email: form.values.email.trim(),
        ...(answer.invite?.outcome ? { invite: answer.invite.outcome } : {}),
      },
    };
  } catch (error) {
    return answerToError(form, error);
  }
}
