import { z } from './zod-config';
import { isoTimestamp } from './common';
import { optionalFilter, pageFields, pageOf, type QueryParams } from './paging';

/*
 * The email outbox (spec section 5, issues 9 and 11): every message is queued,
 * sent by a worker with retries, and its delivery reported by Postmark's webhooks.
 */

export const EMAIL_STATUSES = ['queued', 'sending', 'sent', 'failed', 'captured', 'held'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];
/** What Postmark reported after sending (webhook events); the worst one wins. */
export const DELIVERY_STATES = ['delivered', 'bounced', 'complained'] as const;
/** What Postmark reported after sending (webhook events); the worst one wins. */
export type DeliveryState = (typeof DELIVERY_STATES)[number];
/** Postmark's message streams: transactional mail, and broadcasts (bulk sends). */
export const EMAIL_STREAMS = ['outbound', 'broadcast'] as const;
export type EmailStream = (typeof EMAIL_STREAMS)[number];

/** An email queued for sending (202). */
export const queuedEmailSchema = z.object({ messageId: z.string().optional() });
/** An email queued for sending (202). */
export type QueuedEmail = z.output<typeof queuedEmailSchema>;

export const outboxListQuerySchema = z.object({
  ...pageFields,
  status: optionalFilter(EMAIL_STATUSES, `status must be one of ${EMAIL_STATUSES.join(', ')}`),
});
/** The list query as the API reads it (defaults filled). */
export type OutboxListQuery = z.output<typeof outboxListQuerySchema>;
/** The list query as a caller writes it (api-client's `OutboxListQuery`). */
export type OutboxListParams = QueryParams<typeof outboxListQuerySchema>;

export const outboxMessageSchema = z.object({
  id: z.string(),
  templateId: z.string(),
  toEmail: z.string(),
  subject: z.string(),
  stream: z.enum(EMAIL_STREAMS),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: isoTimestamp,
  sentAt: isoTimestamp.nullable(),
  nextAttemptAt: isoTimestamp,
  deliveryState: z.enum(DELIVERY_STATES).nullable(),
  deliveryDetail: z.string().nullable(),
  deliveryEventAt: isoTimestamp.nullable(),
});
export type OutboxMessage = z.output<typeof outboxMessageSchema>;
export const outboxMessagePageSchema = pageOf(outboxMessageSchema);
export type OutboxMessagePage = z.output<typeof outboxMessagePageSchema>;
export const outboxMessageDetailSchema = outboxMessageSchema.extend({
  htmlBody: z.string(),
  textBody: z.string(),
  events: z.array(
    z.object({ recordType: z.string(), occurredAt: isoTimestamp, detail: z.string().nullable() }),
  ),
});
export type OutboxMessageDetail = z.output<typeof outboxMessageDetailSchema>;
export type EmailEvent = OutboxMessageDetail['events'][number];

/** POST /api/email/webhooks/postmark: what the event changed, or that it was ignored. */
export const postmarkWebhookResponseSchema = z.union([
  z.object({
    recorded: z.boolean(),
    duplicate: z.boolean(),
    outboxId: z.string().nullable(),
    state: z.enum(DELIVERY_STATES).nullable(),
    suppressed: z.boolean(),
    unsuppressed: z.boolean(),
  }),
  z.object({ recorded: z.literal(false), ignored: z.string() }),
]);

/*
 * Single-use link tokens in mail (issue 19): the outbox's stored copy of a
 * message shows a placeholder where a token was; only the copy sent to the
 * recipient carries it. The console says so where it shows a message.
 */

/** What a stored message shows in place of its first single-use token (then `[redacted-2]`, ...). */
export const LINK_TOKEN_PLACEHOLDER = '[redacted]';

/** True when a stored body shows a link whose token was removed. */
export function hidesLinkToken(body: string | null | undefined): boolean {
  return Boolean(body && /\[redacted(?:-\d+)?\]/.test(body));
}

export const EMAIL_LINK_MESSAGES = {
  hiddenTitle: 'Link hidden on purpose',
  hidden:
    "This message carries a single-use link. Its token is shown as [redacted] here so that nobody can use it from the console: the recipient's email has the working link.",
} as const;
