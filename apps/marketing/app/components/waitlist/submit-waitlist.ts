import { ApiError } from '@repo/api-client';
import { readFirstTouch } from '@repo/analytics/first-touch';
import { siteApi } from '~/utils/browser-api';
import { referralCodeOfVisit } from './visit-codes';
import { toSignupPayload, type WaitlistValues } from './waitlist-rules';

export type WaitlistOutcome = 'success' | 'duplicate' | 'invalid' | 'invite_refused' | 'failed';

/**
 * Issue 11: what an invite code did: a seat at once, or the front of the queue.
 * Issue 19: `pending` until the address is confirmed; the confirmation link redeems it.
 */
export type InviteOutcome = 'approved' | 'queued' | 'pending';

/** Spec section 8: how a failed signup is told apart. */
function classifyWaitlistError(error: unknown): Exclude<WaitlistOutcome, 'success'> {
  if (error instanceof ApiError && error.body?.type === 'duplicate_email') return 'duplicate';
  // Issue 11: a refused invite code is told as the server says it (issue 19: one answer for all).
  if (error instanceof ApiError && /invite_code/.test(error.body?.type ?? '')) {
    return 'invite_refused';
  }
  if (
    error instanceof ApiError &&
    error.body?.issues?.some((issue) => issue.path === 'inviteCode')
  ) {
    return 'invite_refused';
  }
  // "A status 400 in the error message": the message reads '{status}: {text}'.
  if (error instanceof Error && /\b400\b/.test(error.message)) return 'invalid';
  return 'failed';
}

/** `website` is the honeypot's value: empty from a person. */
export async function submitWaitlist(
  values: WaitlistValues,
  website = '',
  inviteCode?: string,
): Promise<{ outcome: WaitlistOutcome; invite?: InviteOutcome; error?: string }> {
  try {
    const answer = await siteApi.waitlist.signup({
      ...toSignupPayload(values),
      website,
      source: readFirstTouch(),
      referralCode: referralCodeOfVisit(),
      ...(inviteCode?.trim() ? { inviteCode: inviteCode.trim() } : {}),
    });
    return { outcome: 'success', invite: answer.invite?.outcome };
  } catch (error) {
    const outcome = classifyWaitlistError(error);
    return {
      outcome,
      error:
        outcome === 'invite_refused' && error instanceof ApiError
          ? error.serverMessage
          : error instanceof Error
            ? error.message.slice(0, 200)
            : 'unknown',
    };
  }
}
