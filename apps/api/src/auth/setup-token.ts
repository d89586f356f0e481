import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const SETUP_TOKEN_REQUIRED_MESSAGE =
  'A valid setup token is required to create the first account. Find it in the API log or in ADMIN_SETUP_TOKEN.';

/** A random setup token for an installation without ADMIN_SETUP_TOKEN (kept in memory only). */
export function generateSetupToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Compares in constant time (both sides hashed to the same length first). */
export function setupTokenMatches(given: unknown, expected: string): boolean {
  if (typeof given !== 'string' || given.length === 0 || given.length > 1000) return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}
