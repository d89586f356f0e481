import { z } from 'zod';
import { isoTimestamp } from './common';

export const INVITE_CODE_STATES = ['active', 'disabled', 'expired', 'used_up'] as const;

/** An invite code as the console lists it (issue 11). */
export const inviteCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  note: z.string().nullable(),
  maxRedemptions: z.number().int(),
  redemptions: z.number().int(),
  expiresAt: isoTimestamp.nullable(),
  disabledAt: isoTimestamp.nullable(),
  createdAt: isoTimestamp,
  state: z.enum(INVITE_CODE_STATES),
  /** The public site's address that redeems it: /beta?invite=CODE. */
  link: z.string(),
});
export const inviteCodeListSchema = z.object({ items: z.array(inviteCodeSchema) });

/** GET /api/admin/invite-codes/:id/redemptions */
export const inviteCodeRedemptionsSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      outcome: z.enum(['approved', 'queued']),
      createdAt: isoTimestamp,
      /** Null once the person was erased. */
      waitlistEntryId: z.string().nullable(),
      email: z.string().nullable(),
      name: z.string().nullable(),
    }),
  ),
});
