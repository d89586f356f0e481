import type { DB } from '@repo/db';
import { type AuditActor, recordAudit } from '../audit/audit-log';
import { fillFreeSeats, type SeatServices } from './auto-fill';
import { lockBetaCap, removeLapsedInvitations } from './participants-repository';

const EXPIRY_ACTOR: AuditActor = { actorUserId: null, actorLabel: 'system', ip: null };

/**
 * Issue 11: an invitation not accepted by its expiry frees its seat. Removes
 * the lapsed invitations (their entries go back to the queue, marked expired),
 * then, with auto-fill on, fills the free seats. Run every few minutes
 * (plugins/app/invitation-expiry.ts); the seat count never waits for it, as a
 * lapsed invitation stops counting the moment it lapses.
 */
export async function expireLapsedInvitations(
  db: DB,
  services: SeatServices,
  now: Date = new Date(),
): Promise<{ expired: number; invited: number }> {
  return db.transaction().execute(async (trx) => {
    await lockBetaCap(trx);
    const removed = await removeLapsedInvitations(trx, now);
    for (const participant of removed) {
      await recordAudit(trx, EXPIRY_ACTOR, {
        action: 'participant.invitation_expired',
        targetType: 'beta_participant',
        targetId: participant.id,
        details: { waitlistEntryId: participant.waitlistEntryId },
      });
    }
    // Also fills seats freed some other way (an erasure): the switch's promise holds.
    const invited = await fillFreeSeats(trx, services);
    return { expired: removed.length, invited };
  });
}
