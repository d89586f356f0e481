/*
 * Single-use link tokens in mail (issue 19): the outbox's stored copy of a
 * message shows a placeholder where a token was; only the copy sent to the
 * recipient carries it. The console says so where it shows a message.
 */

/** What a stored message shows in place of its first single-use token (then `[redacted-2]`, ...). */
export const LINK_TOKEN_PLACEHOLDER = '[redacted]';

/** True when a stored body shows a link whose token was removed. */
export function hidesLinkToken(body: string | null | undefined): boolean {
  return Boolean(body && /\[redacted(?:-\d+)?\]/.test(body));
}

export const EMAIL_LINK_MESSAGES = {
  hiddenTitle: 'Link hidden on purpose',
  hidden:
    "This message carries a single-use link. Its token is shown as [redacted] here so that nobody can use it from the console: the recipient's email has the working link.",
} as const;
