import { createHash, randomBytes } from 'node:crypto';
import type { DB } from '@repo/db';
import { renderAccountEmail } from '@repo/email-templates';
import { sql } from 'kysely';
import type { Config } from '../config';
import type { RenderedEmail } from '../email-outbox/outbox-repository';

export type AccountTokenPurpose = 'verify_email' | 'invite';

export const INVALID_TOKEN_MESSAGE = 'This link is invalid or has expired.';

/** Single-use links live 24 hours. */
const TOKEN_LIFETIME = sql<Date>`now() + interval '24 hours'`;

const PATHS: Record<AccountTokenPurpose, string> = {
  verify_email: '/verify-email',
  invite: '/accept-invite',
};

function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A token as it may arrive from a client: anything else can never match. */
export function tokenOf(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
}

/**
 * Stores a new single-use token (only its SHA-256) and returns the mail carrying
 * the link; queue that mail in the same transaction.
 */
export async function issueAccountToken(
  db: DB,
  config: Config,
  input: {
    purpose: AccountTokenPurpose;
    email: string;
    userId?: string;
    createdBy?: string;
    /** The role an invitation gives (issue 19). */
    roleId?: string;
  },
): Promise<{ tokenId: string; mail: RenderedEmail }> {
  const token = randomBytes(32).toString('base64url');
  const { id } = await db
    .insertInto('accountTokens')
    .values({
      purpose: input.purpose,
      email: input.email,
      userId: input.userId ?? null,
      createdBy: input.createdBy ?? null,
      roleId: input.roleId ?? null,
      tokenHash: hashToken(token),
      expiresAt: TOKEN_LIFETIME,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const actionUrl = `${config.ADMIN_URL.replace(/\/+$/, '')}${PATHS[input.purpose]}?token=${token}`;
  const rendered = renderAccountEmail({
    purpose: input.purpose,
    actionUrl,
    siteUrl: config.PUBLIC_SITE_URL,
  });
  const mail: RenderedEmail = {
    stream: 'outbound',
    templateId: 'account-verification',
    to: input.email,
    subject: rendered.subject,
    htmlBody: rendered.html,
    textBody: rendered.text,
    headers: [],
    // The outbox keeps the link's token only sealed, until the mail is sent (issue 19).
    linkSecrets: [token],
  };
  return { tokenId: id, mail };
}

/** An unused, unrevoked, unexpired token of `purpose`, without using it up. */
export function findValidAccountToken(db: DB, token: string, purpose: AccountTokenPurpose) {
  return db
    .selectFrom('accountTokens')
    .select(['id', 'userId', 'email', 'createdBy', 'roleId'])
    .where('tokenHash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/** Uses a token up, atomically: of two concurrent requests only one gets the row. */
export function consumeAccountToken(db: DB, token: string, purpose: AccountTokenPurpose) {
  return db
    .updateTable('accountTokens')
    .set({ usedAt: sql<Date>`now()` })
    .where('tokenHash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', sql<Date>`now()`)
    .returning(['id', 'userId', 'email', 'roleId', 'createdBy'])
    .executeTakeFirst();
}
