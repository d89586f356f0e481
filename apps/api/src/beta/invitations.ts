import type { BetaParticipant } from '@repo/validation';
import type { DB } from '@repo/db';
import { findEmailTemplate } from '@repo/email-templates';
import { BETA_CAP } from '@repo/validation';
import { type AuditActor, recordAudit } from '../audit/audit-log';
import { emitWebhookEvent, participantSubject } from '../webhooks/webhook-events';
import type { Config } from '../config';
import type { Mailer } from '../email/mailer';
import type { RenderedEmail } from '../email-outbox/outbox-repository';
import { conflict } from '../errors';
import { invitationAcceptUrl, newInvitationToken } from './invitation-token';
import {
  countSeatsHeld,
  insertInvitedParticipant,
  lockBetaCap,
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

/** Where an entry stands for a seat: already holding (or having held) one, a seat free, or none. */
export type SeatCheck = 'held' | 'free' | 'full';

/**
 * The seat rules, checked in this one place: an entry holds at most one seat, and
 * no more than BETA_CAP seats are held. The caller holds the cap lock
 * (`lockBetaCap`), so the answer stands until its transaction ends.
 */
export async function checkSeat(trx: DB, entry: { id: string; email: string }): Promise<SeatCheck> {
  if (await participantExistsFor(trx, entry)) return 'held';
  return (await countSeatsHeld(trx)) < BETA_CAP ? 'free' : 'full';
}

/** How an invitation came about, for the audit log. */
export interface InvitationAudit {
  actor: AuditActor;
  action: 'waitlist.approve' | 'waitlist.auto_invite';
  details?: Record<string, unknown>;
}

/**
 * Invites a waitlist entry into the beta (spec section 4, issue 11): the
 * participant is added as invited, holding a seat, its invitation is queued and
 * the approval recorded, in the same transaction. The caller holds the cap lock
 * and found a seat free (`checkSeat`). Approvals, invite codes and auto-fill all
 * come through here, so the approval is recorded here, once.
 */
export async function inviteToBeta(
  trx: DB,
  mailer: Mailer,
  entry: { id: string; email: string; firstName: string; lastName: string },
  invitation: PreparedInvitation,
  audit: InvitationAudit,
): Promise<{ participant: BetaParticipant; messageId: string | undefined }> {
  const participant = await insertInvitedParticipant(trx, entry, invitation);
  const [messageId] = await mailer.queue(trx, [invitation.mail]);
  await recordAudit(trx, audit.actor, {
    action: audit.action,
    targetType: 'waitlist_entry',
    targetId: entry.id,
    details: { participantId: participant.id, messageId, ...audit.details },
  });
  await emitWebhookEvent(trx, 'beta.invited', { participant }, participantSubject(participant));
  return { participant, messageId };
}

/** Staff approve an entry (spec section 4): a seat if one is free, else a 409 saying why. */
export async function approveForBeta(
  trx: DB,
  mailer: Mailer,
  entry: { id: string; email: string; firstName: string; lastName: string },
  invitation: PreparedInvitation,
  actor: AuditActor,
  /** More for the audit entry (a bulk run's id, issue 32). */
  details?: Record<string, unknown>,
): Promise<{ participant: BetaParticipant; messageId: string | undefined }> {
  await lockBetaCap(trx);
  const seat = await checkSeat(trx, entry);
  if (seat === 'held') throw conflict(ALREADY_APPROVED_MESSAGE, 'already_approved');
  if (seat === 'full') throw conflict(BETA_FULL_MESSAGE, 'beta_full');
  return inviteToBeta(trx, mailer, entry, invitation, {
    actor,
    action: 'waitlist.approve',
    ...(details ? { details } : {}),
  });
}
