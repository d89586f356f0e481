import { ApiError } from '@repo/api-client';
import { readFirstTouch } from '@repo/analytics/first-touch';
import { siteApi } from '~/utils/browser-api';
import { referralCodeOfVisit } from './referral-code';
import { toSignupPayload, type WaitlistValues } from './waitlist-rules';

export type WaitlistOutcome = 'success' | 'duplicate' | 'invalid' | 'failed';

/** Spec section 8: how a failed signup is told apart. */
function classifyWaitlistError(error: unknown): Exclude<WaitlistOutcome, 'success'> {
  if (error instanceof ApiError && error.body?.type === 'duplicate_email') return 'duplicate';
  // "A status 400 in the error message": the message reads '{status}: {text}'.
  if (error instanceof Error && /\b400\b/.test(error.message)) return 'invalid';
  return 'failed';
}

/** `website` is the honeypot's value: empty from a person. */
export async function submitWaitlist(
  values: WaitlistValues,
  website = '',
): Promise<{ outcome: WaitlistOutcome; error?: string }> {
  try {
    await siteApi.waitlist.signup({
      ...toSignupPayload(values),
      website,
      source: readFirstTouch(),
      referralCode: referralCodeOfVisit(),
    });
    return { outcome: 'success' };
  } catch (error) {
    return {
      outcome: classifyWaitlistError(error),
      error: error instanceof Error ? error.message.slice(0, 200) : 'unknown',
    };
  }
}
