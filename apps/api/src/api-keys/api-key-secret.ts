import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ApiKeyEnvironment } from '@repo/validation';

/*
 * Key format: wl_<environment>_<keyId>_<secret>, e.g. wl_live_3f9c0a1b2c3d4e5f_<43 chars>.
 * The keyId finds the row; only SHA-256 of the secret is stored. A fast hash is
 * enough here (unlike passwords): the secret is 256 random bits, so there is
 * nothing to guess.
 */
const KEY_PATTERN = /^wl_(live|test)_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

export interface GeneratedApiKey {
  keyId: string;
  formattedKey: string;
  secretHash: string;
  keyPrefix: string;
  keyLastFour: string;
}

function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function generateApiKey(environment: ApiKeyEnvironment): GeneratedApiKey {
  const keyId = randomBytes(8).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  const formattedKey = `wl_${environment}_${keyId}_${secret}`;
  return {
    keyId,
    formattedKey,
    secretHash: hashSecret(secret),
    // Enough to show the key masked (spec section 9) without storing it.
    keyPrefix: formattedKey.slice(0, 12),
    keyLastFour: formattedKey.slice(-4),
  };
}

export interface ParsedApiKey {
  environment: ApiKeyEnvironment;
  keyId: string;
  secret: string;
}

export function parseApiKey(value: string): ParsedApiKey | undefined {
  const match = KEY_PATTERN.exec(value);
  if (!match) return undefined;
  return { environment: match[1] as ApiKeyEnvironment, keyId: match[2]!, secret: match[3]! };
}

export function secretMatches(secret: string, storedHash: string): boolean {
  const actual = Buffer.from(hashSecret(secret), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
