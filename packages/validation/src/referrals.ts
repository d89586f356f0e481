import { z } from './zod-config';
import { isoTimestamp } from './common';

/*
 * Referrals (issue 11): each entry's link (/beta?ref=CODE) credits its referrer
 * once the referred address is confirmed. The code's format is in referral-codes.ts.
 */

/** One person in a referral chain (GET /api/admin/waitlist/:id/referrals). */
const referralPersonSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  confirmedAt: isoTimestamp.nullable(),
  createdAt: isoTimestamp,
  credited: z.boolean().meta({ description: 'Whether the signup counted for its referrer' }),
});
export const referralChainSchema = z.object({
  /** Who referred this entry, then who referred them, up to 10 links. */
  referredBy: z.array(referralPersonSchema),
  /** The signups this entry referred, newest first. */
  referrals: z.array(referralPersonSchema),
});
export type ReferralChain = z.output<typeof referralChainSchema>;
