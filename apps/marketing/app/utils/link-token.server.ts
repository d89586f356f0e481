import { ApiError } from '@repo/api-client';
import { env } from '~/env.server';
import { LINK_PAGE_HEADERS } from '~/utils/link-page';
import { readFormBody, textField } from '~/utils/read-form-body.server';

/**
 * The pages behind the links mailed with a token (issue 22, see link-page.ts): their
 * loaders read the token from the address, their actions from the form's hidden
 * field, with JavaScript or without.
 */

/**
 * The form of these pages carries one field, a token of at most 200 characters:
 * a body larger than this (or than BODY_LIMIT_BYTES) is refused unread.
 */
export const LINK_FORM_LIMIT_BYTES = Math.min(4096, env.BODY_LIMIT_BYTES);

/** The link's `?token=`: null when the address carries none. */
export function linkTokenOf(request: Request): string | null {
  return new URL(request.url).searchParams.get('token');
}

export type PostedToken =
  | { kind: 'token'; token: string }
  /** Larger than LINK_FORM_LIMIT_BYTES: refused, the rest never read. */
  | { kind: 'too-large' };

/**
 * The token the page's form posted: its hidden `token` field ('' when the body is
 * not a form or has no such field; the caller's schema refuses it).
 */
export async function postedToken(request: Request): Promise<PostedToken> {
  const body = await readFormBody(request, LINK_FORM_LIMIT_BYTES);
  if (body.kind === 'too-large') return { kind: 'too-large' };
  return { kind: 'token', token: textField(body.kind === 'form' ? body.form : undefined, 'token') };
}

/** The headers of a refusal of a too-large body: the client may still be sending. */
export const TOO_LARGE_HEADERS = { ...LINK_PAGE_HEADERS, connection: 'close' } as const;

const UNREACHABLE_MESSAGE = 'We could not reach the server. Check your connection and try again.';
const UNAVAILABLE_MESSAGE =
  "We're experiencing technical difficulties. Please try again in a few moments.";

/**
 * What the page says when the API refused or failed, and the status it is answered
 * with: the API's own 4xx and message (404 used, 410 expired, 429 rate limited), a
 * 503 when it failed, a 502 when it could not be reached. Never a 500.
 */
export function linkFailureOf(error: unknown): { status: number; message: string } {
  if (!(error instanceof ApiError)) return { status: 502, message: UNREACHABLE_MESSAGE };
  if (error.status >= 500) return { status: 503, message: UNAVAILABLE_MESSAGE };
  return { status: error.status, message: error.serverMessage };
}
