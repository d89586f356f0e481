import { z } from './zod-config';
import { isoTimestamp } from './common';
import { optionalText } from './fields';
import { CODE_LENGTH, INVITE_CODE_INVALID_MESSAGE, REFERRAL_CODE_PATTERN } from './referral-codes';

/*
 * Invite codes (issue 11): staff create them in the console; a visitor who
 * brings one (/beta?invite=CODE, or the apply overlay's field) skips the queue.
 */

export const MAX_INVITE_CODE_REDEMPTIONS = 10_000;

export const INVITE_CODE_MESSAGES = {
  code: `A code is ${CODE_LENGTH.min} to ${CODE_LENGTH.max} letters or digits`,
  maxRedemptions: `Uses must be a whole number from 1 to ${MAX_INVITE_CODE_REDEMPTIONS.toLocaleString('en-US')}`,
  expiresAt: 'The expiry must be a date and time in the future',
  invalid: INVITE_CODE_INVALID_MESSAGE,
  duplicate: 'An invite code with this text already exists',
} as const;

export const inviteCodeField = z
  .string({ error: INVITE_CODE_MESSAGES.code })
  .trim()
  .regex(REFERRAL_CODE_PATTERN, { error: INVITE_CODE_MESSAGES.code })
  .transform((code) => code.toUpperCase());

/** POST /api/admin/invite-codes: a code of one's own, or a random one. */
export const inviteCodeCreateSchema = z.object({
  code: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    inviteCodeField.optional(),
  ),
  /** 1: single-use; more: a multi-use code with that limit. */
  maxRedemptions: z.coerce
    .number({ error: INVITE_CODE_MESSAGES.maxRedemptions })
    .int({ error: INVITE_CODE_MESSAGES.maxRedemptions })
    .min(1, { error: INVITE_CODE_MESSAGES.maxRedemptions })
    .max(MAX_INVITE_CODE_REDEMPTIONS, { error: INVITE_CODE_MESSAGES.maxRedemptions })
    .default(1),
  expiresAt: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.iso
      .datetime({ offset: true, error: INVITE_CODE_MESSAGES.expiresAt })
      .refine((value) => Date.parse(value) > Date.now(), { error: INVITE_CODE_MESSAGES.expiresAt })
      .optional(),
  ),
  note: optionalText(500),
});
export type InviteCodeCreate = z.output<typeof inviteCodeCreateSchema>;
export type InviteCodeCreateRequest = z.input<typeof inviteCodeCreateSchema>;

/** PATCH /api/admin/invite-codes/:id: codes are disabled (or enabled again), never edited. */
export const inviteCodeUpdateSchema = z.object({
  disabled: z.boolean({ error: 'disabled must be true or false' }),
});
export type InviteCodeUpdateRequest = z.input<typeof inviteCodeUpdateSchema>;

export const INVITE_CODE_STATES = ['active', 'disabled', 'expired', 'used_up'] as const;
/** What a redemption did: a seat was free (approved), or the front of the queue (queued). */
export const REDEMPTION_OUTCOMES = ['approved', 'queued'] as const;
export type RedemptionOutcome = (typeof REDEMPTION_OUTCOMES)[number];

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
export type InviteCode = z.output<typeof inviteCodeSchema>;
export const inviteCodeListSchema = z.object({ items: z.array(inviteCodeSchema) });
export type InviteCodeList = z.output<typeof inviteCodeListSchema>;

/** GET /api/admin/invite-codes/:id/redemptions */
export const inviteCodeRedemptionsSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      outcome: z.enum(REDEMPTION_OUTCOMES),
      createdAt: isoTimestamp,
      /** Null once the person was erased. */
      waitlistEntryId: z.string().nullable(),
      email: z.string().nullable(),
      name: z.string().nullable(),
    }),
  ),
});
export type InviteCodeRedemptions = z.output<typeof inviteCodeRedemptionsSchema>;
