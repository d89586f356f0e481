import type { BetaParticipant } from '@repo/validation';
import type { DB } from '@repo/db';
import { type AuditActor, recordAudit } from '../audit/audit-log';
import { creditReferral } from '../waitlist/referrals';
import { emitWebhookEvent, participantSubject } from '../webhooks/webhook-events';
import { confirmEntryByInvitation } from '../waitlist/waitlist-repository';
import type { SeatServices } from './auto-fill';
import { freeLapsedSeats } from './invitation-expiry';
import { acceptInvitationByTokenHash, lockBetaCap } from './participants-repository';

/**
 * Accepts the invitation of a link (issue 11), under the cap lock: an invitation
 * lapsing right now is either accepted or counted as a free seat by an approval,
 * never both. The entry's address counts as confirmed (the invitation reached
 * it), and its referrer is credited as a confirmation would. A lapsed
 * invitation's own link frees its seat at once: 'expired'. An unknown or used
 * link: 'unknown'.
 */
export async function acceptInvitation(
  trx: DB,
  services: SeatServices,
  tokenHash: string,
  actor: AuditActor,
): Promise<BetaParticipant | 'expired' | 'unknown'> {
  await lockBetaCap(trx);
  const accepted = await acceptInvitationByTokenHash(trx, tokenHash);
  if (!accepted) {
    const { expired } = await freeLapsedSeats(trx, services, { tokenHash });
    return expired > 0 ? 'expired' : 'unknown';
  }
  const { participant, waitlistEntryId } = accepted;
  if (waitlistEntryId) {
    const confirmed = await confirmEntryByInvitation(trx, waitlistEntryId);
    if (confirmed) await creditReferral(trx, confirmed);
  }
  await recordAudit(trx, actor, {
    action: 'participant.accept',
    targetType: 'beta_participant',
    targetId: participant.id,
  });
  await emitWebhookEvent(trx, 'beta.accepted', { participant }, participantSubject(participant));
  return participant;
}
