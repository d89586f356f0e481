import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@repo/validation';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/*
 * TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps, what every authenticator app
 * reads) and recovery codes (issue 19). The secret is sealed at rest with
 * AES-256-GCM under a key derived from SESSION_SECRET (HKDF, this use only); a
 * recovery code holds 60 random bits, so its SHA-256 is all that is stored.
 */

const ISSUER = 'Wordloom';
const PERIOD_SECONDS = 30;
/** One step either side: a phone whose clock is off by up to 30 seconds still works. */
const WINDOW = 1;

/** The key that seals TOTP secrets: HKDF-SHA256 of SESSION_SECRET, for this use only. */
export function totpSecretsKey(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'wordloom', 'totp secrets v1', 32));
}

const VERSION = 'v1';

/** A base32 secret, sealed: `v1.<iv>.<tag>.<ciphertext>` (base64url). */
export function sealTotpSecret(key: Buffer, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return [
    VERSION,
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    sealed.toString('base64url'),
  ].join('.');
}

/** The base32 secret a sealed value holds; throws when the key differs or the value was altered. */
export function openTotpSecret(key: Buffer, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) {
    throw new Error('unknown sealed TOTP secret format');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(data, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}

/** A new random secret (160 bits, as RFC 4226 recommends), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(base32: string, label = ''): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    secret: Secret.fromBase32(base32),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
  });
}

/** The otpauth:// URI an app scans, and its QR code as SVG (made here: no network). */
export async function totpEnrolment(
  base32: string,
  username: string,
): Promise<{ otpauthUrl: string; qrSvg: string }> {
  const otpauthUrl = totpOf(base32, username).toString();
  const qrSvg = await QRCode.toString(otpauthUrl, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
  });
  return { otpauthUrl, qrSvg };
}

/**
 * The time step of `code` when it is right for `base32` now (within one step
 * either side), else undefined. The caller accepts a step once (see useTotpStep).
 */
export function matchingTotpStep(
  base32: string,
  code: string,
  now = Date.now(),
): number | undefined {
  const totp = totpOf(base32);
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW });
  if (delta === null) return undefined;
  return totp.counter({ timestamp: now }) + delta;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'; // no 0/o, 1/l/i
const RECOVERY_GROUP = 4;
const RECOVERY_GROUPS = 3;

/** One recovery code, `xxxx-xxxx-xxxx` (12 characters of 31: about 59 bits). */
function newRecoveryCode(): string {
  const chars: string[] = [];
  while (chars.length < RECOVERY_GROUP * RECOVERY_GROUPS) {
    // Rejection sampling: no bias towards the first letters.
    for (const byte of randomBytes(32)) {
      if (byte < 248 && chars.length < RECOVERY_GROUP * RECOVERY_GROUPS) {
        chars.push(RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]!);
      }
    }
  }
  const groups: string[] = [];
  for (let i = 0; i < RECOVERY_GROUPS; i++) {
    groups.push(chars.slice(i * RECOVERY_GROUP, (i + 1) * RECOVERY_GROUP).join(''));
  }
  return groups.join('-');
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
}

/** A recovery code as typed, in the form it was hashed in (lower case, no spaces or dashes). */
function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]+/g, '');
}

/** SHA-256 (hex) of a normalised recovery code: what is stored. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');
}
