import type { DB } from '@repo/db';
import {
  DISPOSABLE_EMAIL_MESSAGE,
  isHoneypotFilled,
  type waitlistSignupRequestSchema,
} from '@repo/validation';
import type { z } from 'zod';
import { isDisposableEmail } from '../abuse/disposable-email';
import type { SeatServices } from '../beta/auto-fill';
import { badRequest, conflict } from '../errors';
import {
  bringInviteCode,
  type RedemptionOutcome,
  usableInviteCodeId,
} from '../invite-codes/redeem-invite-code';
import { newLinkToken, renewConfirmationToken } from './confirmation';
import { confirmationEmail } from './confirmation-email';
import { emitWebhookEvent } from '../webhooks/webhook-events';
import { findReferrerByCode } from './referrals';
import { addWaitlistSignup, findEntryByEmailForUpdate } from './waitlist-repository';

const DUPLICATE_EMAIL_MESSAGE = 'This email address is already on the waitlist';

interface SignupResult {
  /** The entry: the new one, or the listed one an invite code was brought for. */
  id: string;
  created: boolean;
  /** What an invite code did: `pending` until the address is confirmed. */
  outcome?: RedemptionOutcome | 'pending';
}

/**
 * The waitlist signup (spec section 4, issues 11 and 19): validated (a throwaway
 * mailbox and an unusable invite code are refused before anything is kept),
 * stored unconfirmed with its confirmation email in one transaction, an invite
 * code waiting on the entry until the address is confirmed. Someone already on
 * the list who brings a code gets it counted for their entry; any other
 * duplicate is a 409, and an unconfirmed address gets its link again (at most
 * once an hour). `dropped` when a bot filled the honeypot: nothing is kept.
 */
export async function signUpForWaitlist(
  db: DB,
  { mailer, config }: SeatServices,
  request: z.output<typeof waitlistSignupRequestSchema>,
): Promise<SignupResult | 'dropped'> {
  const { website, source, referralCode, inviteCode, ...signup } = request;
  if (isHoneypotFilled(website)) return 'dropped';
  // Issue 19: a throwaway mailbox makes a signup cost nothing.
  if (isDisposableEmail(signup.email)) {
    throw badRequest(DISPOSABLE_EMAIL_MESSAGE, 'disposable_email', [
      { path: 'email', message: DISPOSABLE_EMAIL_MESSAGE },
    ]);
  }
  // One answer to a code that cannot be used, whatever the reason (issue 19).
  const inviteCodeId = inviteCode ? await usableInviteCodeId(db, inviteCode) : undefined;
  const person = { ...signup, companyName: signup.company };
  const { token, hash } = newLinkToken();
  const result = await db.transaction().execute(async (trx): Promise<SignupResult | undefined> => {
    const referrer = await findReferrerByCode(trx, referralCode);
    const inserted = await addWaitlistSignup(trx, signup, source, {
      confirmationTokenHash: hash,
      referredById: referrer?.id,
      pendingInviteCodeId: inviteCodeId,
    });
    if (inserted) {
      await emitWebhookEvent(
        trx,
        'waitlist.signed_up',
        {
          entry: {
            id: inserted,
            email: signup.email,
            firstName: signup.firstName,
            lastName: signup.lastName,
            company: signup.company,
            utmSource: source?.utmSource ?? null,
            referredById: referrer?.id ?? null,
            createdAt: new Date().toISOString(),
          },
        },
        { emails: [signup.email], ids: [inserted] },
      );
      await mailer.queue(trx, [
        confirmationEmail(mailer, config, { ...person, id: inserted }, token),
      ]);
      return { id: inserted, created: true, outcome: inviteCodeId ? 'pending' : undefined };
    }
    // Someone already on the list who brings a code: it counts for their entry.
    if (inviteCodeId) {
      const existing = await findEntryByEmailForUpdate(trx, signup.email);
      const outcome = existing
        ? await bringInviteCode(trx, { mailer, config }, existing, inviteCodeId)
        : undefined;
      if (existing && outcome) return { id: existing.id, created: false, outcome };
    }
    return undefined;
  });
  // The confirmation link again, when the address is not confirmed (at most once an
  // hour, so the form cannot be used to flood a mailbox).
  const resendConfirmation = () =>
    db.transaction().execute(async (trx) => {
      const renewed = await renewConfirmationToken(trx, { email: signup.email });
      if (renewed) {
        await mailer.queue(trx, [confirmationEmail(mailer, config, renewed, renewed.token)]);
      }
    });
  if (!result) {
    // The spec's answer to a duplicate stands.
    await resendConfirmation();
    throw conflict(DUPLICATE_EMAIL_MESSAGE, 'duplicate_email');
  }
  // A listed, unconfirmed address that brought a code: its link redeems it.
  if (!result.created && result.outcome === 'pending') await resendConfirmation();
  return result;
}
