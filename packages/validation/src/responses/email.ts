import { z } from 'zod';

/** What Postmark reported after sending (webhook events); the worst one wins. */
export const DELIVERY_STATES = ['delivered', 'bounced', 'complained'] as const;

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

/** A page for a browser (the unsubscribe confirmation and its answer). */
export const htmlPageSchema = z.string().meta({ description: 'An HTML page' });
