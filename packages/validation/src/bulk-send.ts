import { z } from './zod-config';
import { isoTimestamp } from './common';

/*
 * Bulk send (spec section 5, issue 9): a dry run shows who would receive a
 * message and who not, then staff confirm it (now or scheduled).
 */

export const EMAIL_MESSAGES = {
  selectionRequiredTitle: 'Selection required',
  selectionRequired: 'Please select an email template and at least one recipient',
  testEmailRequired: 'An email address and a template are required',
} as const;

/**
 * Optional content of a bulk send (the announcement's subject, heading and body).
 * Plain text: the templates escape it.
 */
export const bulkEmailContentSchema = z
  .object({
    subject: z.string().trim().max(200).optional(),
    heading: z.string().trim().max(200).optional(),
    body: z.string().trim().max(10_000).optional(),
  })
  .optional();

/** The most recipients one bulk send may name. */
const BULK_RECIPIENTS_MAX = 10_000;

export const bulkEmailSchema = z.object({
  templateId: z
    .string({ error: EMAIL_MESSAGES.selectionRequired })
    .trim()
    .min(1, { error: EMAIL_MESSAGES.selectionRequired })
    .max(100),
  recipientIds: z
    .array(z.string().min(1).max(100), { error: EMAIL_MESSAGES.selectionRequired })
    .min(1, { error: EMAIL_MESSAGES.selectionRequired })
    .max(BULK_RECIPIENTS_MAX, { error: `At most ${BULK_RECIPIENTS_MAX} recipients per send` }),
  content: bulkEmailContentSchema,
});

/** The longest a bulk send may be scheduled ahead. */
export const BULK_SCHEDULE_MAX_DAYS = 30;

/** POST /api/admin/email/bulk-send/dry-run: what would be sent, and to whom. */
export const bulkDryRunSchema = bulkEmailSchema.extend({
  sendAt: z.iso
    .datetime({ offset: true, error: 'sendAt must be an ISO date and time' })
    .optional()
    .refine(
      (value) =>
        value === undefined ||
        (Date.parse(value) > Date.now() - 60_000 &&
          Date.parse(value) < Date.now() + BULK_SCHEDULE_MAX_DAYS * 86_400_000),
      { error: `sendAt must be in the next ${BULK_SCHEDULE_MAX_DAYS} days` },
    ),
});
export type BulkDryRunInput = z.output<typeof bulkDryRunSchema>;
export type BulkDryRunRequest = z.input<typeof bulkDryRunSchema>;

/** POST /api/admin/email/bulk-send with a dry run's id: send exactly what it showed. */
export const bulkConfirmSchema = z.object({
  dryRunId: z.uuid({ error: 'dryRunId must be the id of a dry run' }),
});

/**
 * POST /api/admin/email/bulk-send: `{ dryRunId }` confirms a dry run; anything
 * else is the spec's direct form. (The API parses a body with the one schema its
 * shape asks for, so that its errors are that schema's.)
 */
export const bulkSendBodySchema = z.union([bulkConfirmSchema, bulkEmailSchema]);
/** POST /api/admin/email/bulk-send: a dry run's id (send what it showed) or a selection. */
export type BulkSendRequest = z.input<typeof bulkConfirmSchema> | z.input<typeof bulkEmailSchema>;

/** Why a recipient of a bulk send is left out. */
export const BULK_SKIP_REASONS = [
  'unsubscribed',
  'suppressed',
  'inactive',
  'recently_sent',
  'not_found',
] as const;
export type BulkSkipReason = (typeof BULK_SKIP_REASONS)[number];

const bulkSkipSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  reason: z.enum(BULK_SKIP_REASONS),
});

/** POST /api/admin/email/bulk-send/dry-run: who would receive it, who not and why. */
export const bulkDryRunResultSchema = z.object({
  dryRunId: z.string(),
  expiresAt: isoTimestamp,
  templateId: z.string(),
  sendAt: isoTimestamp.nullable(),
  recipients: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
  skipped: z.array(bulkSkipSchema),
  sample: z.object({ subject: z.string(), html: z.string() }),
});
export type BulkDryRunResult = z.output<typeof bulkDryRunResultSchema>;

/** POST /api/admin/email/bulk-send (202) */
export const bulkSendQueuedSchema = z.object({
  bulkSendId: z.string(),
  queued: z.number(),
  skipped: z.number(),
  sendAt: isoTimestamp.nullable(),
});
export type BulkSendQueued = z.output<typeof bulkSendQueuedSchema>;

/** GET /api/admin/email/bulk-sends/:id : each recipient's message and its state. */
export const bulkSendResultSchema = z.object({
  id: z.string(),
  templateId: z.string(),
  createdAt: isoTimestamp,
  confirmedAt: isoTimestamp.nullable(),
  sendAt: isoTimestamp.nullable(),
  skipped: z.array(bulkSkipSchema),
  recipients: z.array(
    z.object({
      email: z.string(),
      outboxId: z.string(),
      status: z.string(),
      deliveryState: z.string().nullable(),
      lastError: z.string().nullable(),
      deliveryDetail: z.string().nullable(),
    }),
  ),
});
export type BulkSendResult = z.output<typeof bulkSendResultSchema>;
