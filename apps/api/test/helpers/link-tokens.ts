import { expect } from 'vitest';
import { linkSecretsKey, openSecrets } from '../../src/email/link-secrets';
import type { TestContext } from './test-app';

/**
 * The single-use token of the newest mail to `email` (of `templateId`, if
 * given), as its recipient gets it. The outbox keeps it only sealed until the
 * mail is sent (issue 19): its bodies show `[redacted]`, so tests that run
 * without a Postmark (captured mail) open the seal with the API's key.
 */
export async function linkTokenMailedTo(
  ctx: TestContext,
  email: string,
  templateId?: string,
): Promise<string> {
  let query = ctx.database.db
    .selectFrom('emailOutbox')
    .select(['linkSecrets'])
    .where('toEmail', '=', email);
  if (templateId) query = query.where('templateId', '=', templateId);
  const mail = await query
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return openLinkToken(ctx, mail.linkSecrets);
}

/** The first token sealed in an outbox row's `linkSecrets` (see linkTokenMailedTo). */
export function openLinkToken(ctx: TestContext, sealed: string | null | undefined): string {
  if (!sealed) throw new Error('no link token in this mail');
  const [token] = openSecrets(linkSecretsKey(ctx.config.SESSION_SECRET), sealed);
  if (!token) throw new Error('no link token in this mail');
  return token;
}

/** Opens the newest confirmation link mailed to `email`, as its owner would; its answer's body. */
export async function confirmByMail(ctx: TestContext, email: string) {
  const token = await linkTokenMailedTo(ctx, email, 'waitlist-welcome');
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/waitlist/confirm',
    payload: { token },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}
