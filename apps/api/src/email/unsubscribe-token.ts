import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed opt-out links. The token is an HMAC-SHA256 of the lower-cased address,
 * so a link works only for the address it was made for and cannot be forged.
 */
function sign(secret: string, email: string): Buffer {
  return createHmac('sha256', secret).update(`unsubscribe:v1:${email.toLowerCase()}`).digest();
}

export function unsubscribeToken(secret: string, email: string): string {
  return sign(secret, email).toString('base64url');
}

export function verifyUnsubscribeToken(secret: string, email: string, token: string): boolean {
  const expected = sign(secret, email);
  const given = Buffer.from(token, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The public link (GET shows a confirmation; POST is RFC 8058 one-click). */
export function unsubscribeUrl(apiPublicUrl: string, secret: string, email: string): string {
  const url = new URL('/api/email/unsubscribe', apiPublicUrl);
  url.searchParams.set('email', email.toLowerCase());
  url.searchParams.set('token', unsubscribeToken(secret, email));
  return url.toString();
}
