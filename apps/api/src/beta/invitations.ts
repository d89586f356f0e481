import type { BetaParticipant } from '@repo/api-client';
import type { DB } from '@repo/db';
import { findEmailTemplate } from '@repo/email-templates';
import { BETA_CAP } from '@repo/validation';
import type { Config } from '../config';
import type { Mailer } from '../email/mailer';
import type { RenderedEmail } from '../email-outbox/outbox-repository';
import { conflict } from '../errors';
import { invitationAcceptUrl, newInvitationToken } from './invitation-token';
import {
  countSeatsHeld,
  insertInvitedParticipant,
  participantExistsFor,
} from './participants-repository';

export const BETA_FULL_MESSAGE = `The beta is full: all ${BETA_CAP} places are taken`;
export const ALREADY_APPROVED_MESSAGE =
  'This waitlist entry has already been approved for the beta';

const DAY_MS = 24 * 60 * 60 * 1000;

const invitationTemplate = findEmailTemplate('beta-invitation')!;

/** Whom an invitation goes to: a waitlist entry, or a participant on a resend. */
interface Invitee {
  email: string;
  firstName: string;
  lastName: string;
  companyName?: string | null;
}

/** A rendered invitation and what the participant row keeps of its link. */
export interface PreparedInvitation {
  mail: RenderedEmail;
  /** SHA-256 of the link's token: the only trace of the token outside the mail. */
  tokenHash: string;
  expiresAt: Date;
}

/** When an invitation sent now lapses: INVITATION_HOLD_DAYS from now. */
export function invitationExpiry(config: Config, from: Date = new Date()): Date {
  return new Date(from.getTime() + config.INVITATION_HOLD_DAYS * DAY_MS);
}

/**
 * Renders the invitation with a fresh single-use accept link (outside any
 * transaction: rendering takes time). Rendered, never deferred: a deferred mail
 * keeps its template data, link and token included, in plain JSON until the
 * worker renders it; a rendered one keeps the token only in its body, as the
 * account emails do (src/auth/account-tokens.ts).
 */
export async function prepareInvitation(
  mailer: Mailer,
  config: Config,
  invitee: Invitee,
  expiresAt: Date,
): Promise<PreparedInvitation> {
  const { token, tokenHash } = newInvitationToken();
  const mail = await mailer.prepare({
    template: invitationTemplate,
    to: invitee.email,
    data: {
      firstName: invitee.firstName,
      lastName: invitee.lastName,
      companyName: invitee.companyName ?? undefined,
      actionUrl: invitationAcceptUrl(config.PUBLIC_SITE_URL, token),
      invitationExpiresAt: expiresAt.toISOString(),
    },
    stream: 'outbound',
  });
  return { mail, tokenHash, expiresAt };
}

/**
 * The invitation of someone who already holds a seat, or held one (an accepted
 * participant's lost invitation): no accept link, the button opens the beta page.
 */
export function prepareInvitationWithoutLink(mailer: Mailer, invitee: Invitee) {
  return mailer.prepare({
    template: invitationTemplate,
    to: invitee.email,
    data: { firstName: invitee.firstName, lastName: invitee.lastName },
    stream: 'outbound',
  });
}

/**
 * Invites a waitlist entry into the beta (spec section 4, issue 11): the
 * participant is added as invited, holding a seat, and its invitation is queued
 * in the same transaction. The caller holds the cap lock (`lockBetaCap`), so the
 * seat count cannot change between the check and the insert. Approvals and
 * auto-fill both come through here.
 */
export async function inviteToBeta(
  trx: DB,
  mailer: Mailer,
  entry: { id: string; email: string; firstName: string; lastName: string },
  invitation: PreparedInvitation,
): Promise<{ participant: BetaParticipant; messageId: string | undefined }> {
  if (await participantExistsFor(trx, entry)) {
    throw conflict(ALREADY_APPROVED_MESSAGE, 'already_approved');
  }
  if ((await countSeatsHeld(trx)) >= BETA_CAP) throw conflict(BETA_FULL_MESSAGE, 'beta_full');
  const participant = await insertInvitedParticipant(trx, entry, invitation);
  const [messageId] = await mailer.queue(trx, [invitation.mail]);
  return { participant, messageId };
}
