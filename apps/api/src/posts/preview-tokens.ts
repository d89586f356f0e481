import { PREVIEW_TOKEN_PATTERN } from '@repo/validation';
import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * A preview link's token (issue 31): `<link id>.<signature>`, the link id the
 * uuid of its post_preview_links row and the signature an HMAC-SHA256
 * (POST_PREVIEW_SECRET) over it, base64url. The signature is checked first, in
 * constant time, so a forged or altered token never reaches the database; the
 * row then decides (post, expiry, revocation, creator).
 *
 * Issue 23's tokens (`<post id>.<expiry>.<signature>`, nothing stored) name no
 * row and are refused: the signed text differs (`post-preview-link:` rather than
 * `post-preview:`), so no old signature can pass for a new one.
 */

const signatureOf = (secret: string, linkId: string) =>
  createHmac('sha256', secret).update(`post-preview-link:${linkId}`).digest();

/** The token of the preview link `linkId` (a row of post_preview_links). */
export function previewToken(secret: string, linkId: string): string {
  const id = linkId.toLowerCase();
  return `${id}.${signatureOf(secret, id).toString('base64url')}`;
}

/** The link a token names, when its signature is the API's own; undefined otherwise. */
export function linkIdOfToken(secret: string, token: string): string | undefined {
  const match = PREVIEW_TOKEN_PATTERN.exec(token);
  if (!match) return undefined;
  const linkId = match[1] ?? '';
  const given = Buffer.from(match[2] ?? '', 'base64url');
  const expected = signatureOf(secret, linkId);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return linkId;
}

/** The marketing site's page of a preview (apps/marketing/app/routes/blog_.preview.$token.tsx). */
export function previewUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/blog/preview/${token}`;
}
