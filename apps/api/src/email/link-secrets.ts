import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { LINK_TOKEN_PLACEHOLDER } from '@repo/validation';

/*
 * Single-use link tokens in mail (issue 19): staff email verification and
 * invitations, beta invitations, waitlist confirmations. Whoever reads one can
 * use it, so the outbox never keeps one where a person can read it: the code
 * that makes a mail names its secrets (`PreparedEmail.linkSecrets`; the mailer
 * takes the `token` of a template's `actionUrl` by itself), the stored bodies
 * and template data hold a placeholder instead, and the tokens wait sealed
 * (AES-256-GCM, a key derived from SESSION_SECRET) in `link_secrets` until the
 * worker puts them back into the copy it sends. Once sent, they are cleared.
 */

/** What the stored copy shows in place of the n-th secret (0-based); the console detects it. */
function linkPlaceholder(index: number): string {
  return index === 0 ? LINK_TOKEN_PLACEHOLDER : `[redacted-${index + 1}]`;
}

/** The `token` parameter of a single-use link, if it has one. */
export function tokenOfLink(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).searchParams.get('token') || undefined;
  } catch {
    return undefined;
  }
}

/** Every spelling a secret may take in a body or in JSON: as is, and URL-encoded. */
function spellings(secret: string): string[] {
  return [...new Set([secret, encodeURIComponent(secret)])];
}

/** `text` with each secret replaced by its placeholder. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  return secrets.reduce(
    (result, secret, index) =>
      spellings(secret).reduce(
        (current, spelling) => current.split(spelling).join(linkPlaceholder(index)),
        result,
      ),
    text,
  );
}

/** `text` with each placeholder replaced by its secret (the copy that is sent). */
export function restoreSecrets(text: string, secrets: readonly string[]): string {
  return secrets.reduce(
    (result, secret, index) => result.split(linkPlaceholder(index)).join(secret),
    text,
  );
}

/** Template data with the secrets redacted from every string in it. */
export function redactTemplateData<T extends object>(data: T, secrets: readonly string[]): T {
  return JSON.parse(
    JSON.stringify(data, (_key, value: unknown) =>
      typeof value === 'string' ? redactSecrets(value, secrets) : value,
    ),
  ) as T;
}

/** The key that seals link secrets: HKDF-SHA256 of SESSION_SECRET, for this use only. */
export function linkSecretsKey(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'wordloom', 'outbox link secrets v1', 32));
}

const VERSION = 'v1';

/** The secrets, sealed: `v1.<iv>.<tag>.<ciphertext>` (base64url). */
export function sealSecrets(key: Buffer, secrets: readonly string[]): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(secrets), 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The secrets a sealed value holds; throws when the key differs or the value was altered. */
export function openSecrets(key: Buffer, sealed: string): string[] {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) {
    throw new Error('unknown sealed link format');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const text = Buffer.concat([
    decipher.update(Buffer.from(data, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
  const secrets: unknown = JSON.parse(text);
  if (!Array.isArray(secrets) || !secrets.every((secret) => typeof secret === 'string')) {
    throw new Error('sealed links hold no list of strings');
  }
  return secrets;
}
