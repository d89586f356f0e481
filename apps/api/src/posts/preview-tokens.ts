import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Issue 23: a signed preview link of a post, `<post id>.<expiry>.<signature>`:
 * the signature an HMAC-SHA256 (POST_PREVIEW_SECRET) over the id and the expiry
 * (Unix seconds), base64url. Nothing is stored: a link is valid until it
 * expires, and a deleted post's links find nothing.
 */

const TOKEN = /^([1-9][0-9]{0,9})\.([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{43})$/;

const signatureOf = (secret: string, postId: number, expiresAt: number) =>
  createHmac('sha256', secret).update(`post-preview:${postId}:${expiresAt}`).digest();

/** A token for post `postId` valid until `expiresAt`. */
export function previewToken(secret: string, postId: number, expiresAt: Date): string {
  const seconds = Math.floor(expiresAt.getTime() / 1000);
  return `${postId}.${seconds}.${signatureOf(secret, postId, seconds).toString('base64url')}`;
}

export type PreviewTokenCheck =
  { valid: true; postId: number } | { valid: false; reason: 'invalid' | 'expired' };

/**
 * Checks a token: its signature first (in constant time), so that an expired
 * answer is only ever given for a link the API really made.
 */
export function verifyPreviewToken(
  secret: string,
  token: string,
  now: Date = new Date(),
): PreviewTokenCheck {
  const match = TOKEN.exec(token);
  if (!match) return { valid: false, reason: 'invalid' };
  const postId = Number(match[1]);
  const expiresAt = Number(match[2]);
  const given = Buffer.from(match[3] ?? '', 'base64url');
  const expected = signatureOf(secret, postId, expiresAt);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { valid: false, reason: 'invalid' };
  }
  if (expiresAt * 1000 <= now.getTime()) return { valid: false, reason: 'expired' };
  return { valid: true, postId };
}

/** The marketing site's page of a preview (apps/marketing/app/routes/blog_.preview.$token.tsx). */
export function previewUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/blog/preview/${token}`;
}
