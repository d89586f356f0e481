import { createHash, randomBytes } from 'node:crypto';

/** The site's page that the invitation email links to (apps/marketing/app/routes/beta.accept.tsx). */
const ACCEPT_PATH = '/beta/accept';

/** Only this is stored (beta_participants.invitation_token_hash), never the token. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * A new single-use invitation token (256 random bits) and its hash. The token
 * itself lives only in the link of the rendered invitation email.
 */
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashInvitationToken(token) };
}

/** The accept page's address for `token`, on the public site. */
export function invitationAcceptUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${ACCEPT_PATH}?token=${token}`;
}
