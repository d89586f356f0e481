import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A new signing secret: `whsec_` and 32 random bytes in base64 (Standard Webhooks). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** What the console may show of a secret after it was shown once. */
export const secretHint = (secret: string) => `${secret.slice(0, 'whsec_'.length + 4)}…`;

/**
 * The Standard Webhooks headers of one delivery, signed with the `standardwebhooks`
 * library. During the overlap after a rotation `previousSecret` signs too: the
 * receiver accepts either signature (space-separated, as the spec allows).
 */
export function signedHeaders(
  { id, timestamp, body }: { id: string; timestamp: Date; body: string },
  secrets: { secret: string; previousSecret?: string | null },
): Record<string, string> {
  const signatures = [secrets.secret, secrets.previousSecret]
    .filter((secret): secret is string => Boolean(secret))
    .map((secret) => new Webhook(secret).sign(id, timestamp, body));
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
