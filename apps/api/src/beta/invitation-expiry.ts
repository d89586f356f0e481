import type { DB } from '@repo/db';
import { recordAudit, systemActor } from '../audit/audit-log';
import { emitWebhookEvent, participantSubject } from '../webhooks/webhook-events';
import { renewConfirmationToken } from '../waitlist/confirmation';
import { confirmationEmail } from '../waitlist/confirmation-email';
import { fillFreeSeats, type SeatServices } from './auto-fill';
import {
  type LapsedInvitations,
  lockBetaCap,
  removeLapsedInvitations,
} from './participants-repository';

const EXPIRY_ACTOR = systemActor('system');

/**
 * Issue 11: an invitation not accepted by its expiry frees its seat. Removes
 * lapsed invitations (their entries go back to the queue, marked expired) and,
 * when that freed seats, lets auto-fill take them. The caller holds the cap
 * lock in `trx`. Whoever notices a lapsed invitation first frees it: the
 * periodic job, or the invitation's own link (an accept answered 410).
 *
 * Issue 19: an entry whose address was confirmed goes back to the queue as it
 * was, confirmed (auto-fill and invite codes only ever invite confirmed
 * addresses; staff may approve an unconfirmed one). An unconfirmed one gets a
 * fresh confirmation link in the same transaction: confirming it is how that
 * person takes a place in the queue.
 */
export async function freeLapsedSeats(
  trx: DB,
  services: SeatServices,
  lapsed: LapsedInvitations,
): Promise<{ expired: number; invited: number }> {
  const removed = await removeLapsedInvitations(trx, lapsed);
  for (const participant of removed) {
    await recordAudit(trx, EXPIRY_ACTOR, {
      action: 'participant.invitation_expired',
      targetType: 'beta_participant',
      targetId: participant.id,
      details: { waitlistEntryId: participant.waitlistEntryId },
    });
    await emitWebhookEvent(
      trx,
      'beta.invitation_expired',
      { participant },
      participantSubject(participant),
    );
  }
  for (const entryId of new Set(removed.flatMap((row) => row.waitlistEntryId ?? []))) {
    const renewed = await renewConfirmationToken(trx, { id: entryId }, { force: true });
    if (renewed) {
      await services.mailer.queue(trx, [
        confirmationEmail(services.mailer, services.config, renewed, renewed.token),
      ]);
    }
  }
  const invited = removed.length > 0 ? await fillFreeSeats(trx, services) : 0;
  return { expired: removed.length, invited };
}

/**
 * The periodic sweep (plugins/app/invitation-expiry.ts, every 5 minutes): frees
 * the seats of invitations lapsed by `now`. The seat count never waits for it,
 * as a lapsed invitation stops counting the moment it lapses. It also fills
 * seats freed some other way (an erasure), so the switch's promise holds.
 */
export async function expireLapsedInvitations(
  db: DB,
  services: SeatServices,
  now: Date = new Date(),
): Promise<{ expired: number; invited: number }> {
  return db.transaction().execute(async (trx) => {
    await lockBetaCap(trx);
    const freed = await freeLapsedSeats(trx, services, { now });
    const invited = freed.expired > 0 ? freed.invited : await fillFreeSeats(trx, services);
    return { expired: freed.expired, invited };
  });
}
