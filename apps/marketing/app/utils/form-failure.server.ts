import { ApiError } from '@repo/api-client';

/**
 * Why a form's action could not hand the submission to the API, and the status its
 * page is answered with (issue 22): the visitor sees a clear message and keeps the
 * values typed; nothing here is a 500.
 */
export type FormFailure = 'too-large' | 'rate-limited' | 'refused' | 'unavailable' | 'unreachable';

export const FORM_FAILURE_STATUS: Record<FormFailure, number> = {
  'too-large': 413,
  'rate-limited': 429,
  refused: 400,
  unavailable: 503,
  unreachable: 502,
};

/** The failure an API call raised: its 429 or 4xx, a 5xx, or no answer at all. */
export function formFailureOf(error: unknown): FormFailure {
  if (!(error instanceof ApiError)) return 'unreachable';
  if (error.status === 429) return 'rate-limited';
  if (error.status >= 400 && error.status < 500) return 'refused';
  return 'unavailable';
}

/** Answers to a form post are never kept by a cache: they are one visitor's. */
export const FORM_ANSWER_HEADERS = { 'cache-control': 'no-store' } as const;
