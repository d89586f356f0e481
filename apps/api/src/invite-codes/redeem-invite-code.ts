import type { DB } from '@repo/db';
import { BETA_CAP, INVITE_CODE_MESSAGES } from '@repo/validation';
import { publicActor, recordAudit } from '../audit/audit-log';
import { inviteToBeta, type PreparedInvitation } from '../beta/invitations';
import { countSeatsHeld, lockBetaCap, participantExistsFor } from '../beta/participants-repository';
import type { Mailer } from '../email/mailer';
import { AppError } from '../errors';
import {
  claimInviteCode,
  type ClaimRefusal,
  findInviteCodeId,
  hasRedeemed,
  recordRedemption,
} from './invite-codes-repository';

const REFUSALS: Record<ClaimRefusal, { status: number; message: string; type: string }> = {
  invalid: { status: 400, message: INVITE_CODE_MESSAGES.invalid, type: 'invalid_invite_code' },
  expired: { status: 409, message: INVITE_CODE_MESSAGES.expired, type: 'invite_code_expired' },
  used_up: { status: 409, message: INVITE_CODE_MESSAGES.usedUp, type: 'invite_code_used_up' },
};

function refused(reason: ClaimRefusal): AppError {
  const { status, message, type } = REFUSALS[reason];
  return new AppError(status, message, type);
}

/** Who the audit log names for a code redeemed on the public site. */
const VISITOR = publicActor('invite code');

export type RedemptionOutcome = 'approved' | 'queued';

/**
 * Redeems an invite code for a waitlist entry (issue 11), in the signup's
 * transaction: the person is invited at once when a seat is free (under the
 * cap lock, through the approval's own path), else put at the front of the
 * queue. A bad code throws a 4xx, which rolls the whole signup back: nothing
 * is kept of a signup whose code was refused. Returns undefined when the entry
 * already holds a seat or already used this code (nothing to do, no use taken).
 */
export async function redeemInviteCode(
  trx: DB,
  mailer: Mailer,
  entry: { id: string; email: string; firstName: string; lastName: string },
  code: string,
  invitation: PreparedInvitation,
): Promise<RedemptionOutcome | undefined> {
  const codeId = await findInviteCodeId(trx, code);
  if (!codeId) throw refused('invalid');
  if (await hasRedeemed(trx, codeId, entry.id)) return undefined;
  await lockBetaCap(trx);
  if (await participantExistsFor(trx, entry)) return undefined;
  const refusal = await claimInviteCode(trx, codeId);
  if (refusal) throw refused(refusal);
  let outcome: RedemptionOutcome;
  if ((await countSeatsHeld(trx)) < BETA_CAP) {
    const { participant, messageId } = await inviteToBeta(trx, mailer, entry, invitation);
    await recordAudit(trx, VISITOR, {
      action: 'waitlist.approve',
      targetType: 'waitlist_entry',
      targetId: entry.id,
      details: { participantId: participant.id, messageId, inviteCodeId: codeId },
    });
    outcome = 'approved';
  } else {
    await trx
      .updateTable('waitlistEntries')
      .set({ queuePriorityAt: new Date() })
      .where('id', '=', entry.id)
      .execute();
    outcome = 'queued';
  }
  await recordRedemption(trx, { inviteCodeId: codeId, waitlistEntryId: entry.id, outcome });
  return outcome;
}
