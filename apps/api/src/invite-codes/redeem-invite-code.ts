import type { DB } from '@repo/db';
import { INVITE_CODE_MESSAGES } from '@repo/validation';
import { publicActor } from '../audit/audit-log';
import type { SeatServices } from '../beta/auto-fill';
import {
  checkSeat,
  invitationExpiry,
  inviteToBeta,
  type PreparedInvitation,
  prepareInvitation,
} from '../beta/invitations';
import { lockBetaCap, participantExistsFor } from '../beta/participants-repository';
import { AppError } from '../errors';
import { moveToFrontOfQueue, setPendingInviteCode } from '../waitlist/waitlist-repository';
import {
  claimInviteCode,
  findUsableInviteCodeId,
  hasRedeemed,
  recordRedemption,
} from './invite-codes-repository';

/**
 * Issue 19: one answer to a code that cannot be used, whatever the reason
 * (unknown, used up, expired or disabled), so the form cannot be used to probe
 * codes. Staff see each code's state in the console.
 */
function inviteCodeRefused(): AppError {
  return new AppError(400, INVITE_CODE_MESSAGES.invalid, 'invalid_invite_code', [
    { path: 'inviteCode', message: INVITE_CODE_MESSAGES.invalid },
  ]);
}

/** The id of a code that can be used now; the one refusal otherwise. */
export async function usableInviteCodeId(db: DB, code: string): Promise<string> {
  const id = await findUsableInviteCodeId(db, code);
  if (!id) throw inviteCodeRefused();
  return id;
}

/** Who the audit log names for a code redeemed on the public site. */
const VISITOR = publicActor('invite code');

export type RedemptionOutcome = 'approved' | 'queued';

/** An entry that may redeem a code: its address is confirmed. */
interface ConfirmedInvitee {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
}

/**
 * Redeems a code for an entry whose address is confirmed (issue 11, issue 19):
 * the person is invited at once when a seat is free (under the cap lock,
 * through the approval's own path), else put at the front of the queue; the
 * code's use is taken here. The invitation is rendered before the cap lock is
 * taken (rendering takes time); the seat rules are checked once, under it. Returns `refused` when the code can no
 * longer be used (no use taken), and undefined when the entry already holds a
 * seat or already used this code (nothing to do, no use taken).
 */
async function redeemForConfirmed(
  trx: DB,
  { mailer, config }: SeatServices,
  entry: ConfirmedInvitee,
  codeId: string,
): Promise<RedemptionOutcome | 'refused' | undefined> {
  if (await hasRedeemed(trx, codeId, entry.id)) return undefined;
  const invitation: PreparedInvitation = await prepareInvitation(
    mailer,
    config,
    entry,
    invitationExpiry(config),
  );
  await lockBetaCap(trx);
  const seat = await checkSeat(trx, entry);
  if (seat === 'held') return undefined;
  if (!(await claimInviteCode(trx, codeId))) return 'refused';
  let outcome: RedemptionOutcome;
  if (seat === 'free') {
    await inviteToBeta(trx, mailer, entry, invitation, {
      actor: VISITOR,
      action: 'waitlist.approve',
      details: { inviteCodeId: codeId },
    });
    outcome = 'approved';
  } else {
    await moveToFrontOfQueue(trx, entry.id);
    outcome = 'queued';
  }
  await recordRedemption(trx, { inviteCodeId: codeId, waitlistEntryId: entry.id, outcome });
  return outcome;
}

/**
 * A code brought by someone already on the list, in the signup's transaction.
 * A confirmed address redeems it at once (a refusal throws, which rolls the
 * signup back). An unconfirmed one keeps it on its entry, `pending`, to be
 * redeemed by the confirmation like a new signup's. Undefined when the code
 * does nothing for them (a seat held, the code already used by them).
 */
export async function bringInviteCode(
  trx: DB,
  services: SeatServices,
  entry: ConfirmedInvitee & { confirmedAt: Date | null },
  codeId: string,
): Promise<RedemptionOutcome | 'pending' | undefined> {
  if (entry.confirmedAt) {
    const outcome = await redeemForConfirmed(trx, services, entry, codeId);
    if (outcome === 'refused') throw inviteCodeRefused();
    return outcome;
  }
  if (await hasRedeemed(trx, codeId, entry.id)) return undefined;
  if (await participantExistsFor(trx, entry)) return undefined;
  await setPendingInviteCode(trx, entry.id, codeId);
  return 'pending';
}

/**
 * Issue 19: the confirmation redeems the code the signup brought, in the
 * confirmation's transaction. The code's use is counted here, not at signup:
 * signups that never confirm use nothing up. A code that can no longer be used
 * by then (used up, expired, disabled) does nothing: the confirmation stands,
 * and the person takes their place in the queue like anyone.
 */
export async function redeemPendingInviteCode(
  trx: DB,
  services: SeatServices,
  entry: ConfirmedInvitee & { pendingInviteCodeId: string | null },
): Promise<RedemptionOutcome | undefined> {
  if (!entry.pendingInviteCodeId) return undefined;
  await setPendingInviteCode(trx, entry.id, null);
  const outcome = await redeemForConfirmed(trx, services, entry, entry.pendingInviteCodeId);
  return outcome === 'refused' ? undefined : outcome;
}
