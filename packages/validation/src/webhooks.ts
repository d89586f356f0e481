import { z } from './zod-config';
import { isoTimestamp } from './common';
import { LIMITS, maxLengthMessage } from './fields';

/*
 * Outgoing webhooks (issue 34): the events Wordloom tells other tools about, the
 * endpoints that receive them (plain signed webhooks per Standard Webhooks, or Slack
 * incoming webhooks that get sentences), their delivery log, and the REST Hooks a
 * Zapier app subscribes with. The one list of events is WEBHOOK_EVENTS; each event's
 * payload schema is in `webhookPayloadSchemas` (below, kept beside the list).
 */

export const WEBHOOK_EVENTS = [
  'waitlist.signed_up',
  'waitlist.confirmed',
  'waitlist.referral_credited',
  'beta.invited',
  'beta.accepted',
  'beta.invitation_expired',
  'beta.participant_status_changed',
  'contact.received',
  'survey.completed',
  'post.published',
  'post.unpublished',
  'person.erased',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** How the console names each event. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'waitlist.signed_up': 'Someone joined the waitlist',
  'waitlist.confirmed': 'A waitlist address was confirmed',
  'waitlist.referral_credited': 'A referral was credited',
  'beta.invited': 'Someone was invited to the beta',
  'beta.accepted': 'A beta invitation was accepted',
  'beta.invitation_expired': 'A beta invitation expired',
  'beta.participant_status_changed': "A beta participant's status changed",
  'contact.received': 'A contact message arrived',
  'survey.completed': 'A feedback survey was completed',
  'post.published': 'A blog post was published',
  'post.unpublished': 'A blog post was unpublished',
  'person.erased': 'A person was erased (ids only)',
};

/** `webhook` gets the signed JSON event; `slack` gets a sentence for an incoming-webhook URL. */
export const WEBHOOK_ENDPOINT_KINDS = ['webhook', 'slack'] as const;
export type WebhookEndpointKind = (typeof WEBHOOK_ENDPOINT_KINDS)[number];

/** Where an endpoint was made: in the console or admin API, or by a Zapier REST Hook subscription. */
export const WEBHOOK_ENDPOINT_SOURCES = ['console', 'zapier'] as const;
export type WebhookEndpointSource = (typeof WEBHOOK_ENDPOINT_SOURCES)[number];

/** A delivery (one event to one endpoint) from creation to its end. */
export const WEBHOOK_DELIVERY_STATES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/**
 * After the first attempt fails, the next ones come about this long after the previous
 * (with jitter), Svix's schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. Then the
 * delivery has failed for good (it can be resent by hand).
 */
export const WEBHOOK_RETRY_DELAYS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
] as const;
/** A delivery succeeds on a 2xx answer within this time. */
export const WEBHOOK_TIMEOUT_MS = 15_000;
/** An endpoint failing every delivery for this long is disabled and the Owners are mailed. */
export const WEBHOOK_FAILING_DISABLE_MS = 3 * 24 * 3_600_000;
/** After a rotation the previous secret still signs (a second signature) this long. */
export const WEBHOOK_SECRET_OVERLAP_MS = 24 * 3_600_000;
/** Deliveries and their attempts are kept this many days. */
export const WEBHOOK_DELIVERY_RETENTION_DAYS = 30;
/** The answer body kept per attempt, in bytes. */
export const WEBHOOK_RESPONSE_EXCERPT_BYTES = 2048;
export const WEBHOOK_DESCRIPTION_MAX = 200;
export const WEBHOOK_URL_MAX = 2000;
/** Endpoints per instance (console and Zapier together). */
export const WEBHOOK_ENDPOINTS_MAX = 50;

export const WEBHOOK_MESSAGES = {
  url: 'Enter the endpoint URL, such as https://example.com/webhooks/wordloom',
  urlHttps: 'The endpoint URL must use https',
  urlCredentials: 'The endpoint URL must not contain a user name or password',
  urlPrivate:
    'This URL points at a private, loopback, link-local or otherwise internal address: webhooks only go to the public internet',
  slackUrl: 'A Slack endpoint needs a Slack incoming-webhook URL (https://hooks.slack.com/…)',
  events: 'Choose at least one event',
  event: `event must be one of ${WEBHOOK_EVENTS.join(', ')}`,
  kind: `kind must be one of ${WEBHOOK_ENDPOINT_KINDS.join(', ')}`,
  notFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
  limit: `You can keep at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints: delete one first`,
  deleted: 'Webhook endpoint deleted',
  resent: 'Delivery queued again',
  resentSince: (count: number) =>
    count === 1 ? '1 failed delivery queued again' : `${count} failed deliveries queued again`,
  testSent: 'Test event queued',
  secretRotated: 'Signing secret rotated: the previous one still signs for 24 hours',
  since: 'since must be a date and time in the last 30 days',
} as const;

const eventField = z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_MESSAGES.event });

/** The URL's shape only; the API checks where it points (https in production, public addresses). */
const urlField = z
  .string({ error: WEBHOOK_MESSAGES.url })
  .trim()
  .min(1, { error: WEBHOOK_MESSAGES.url })
  .max(WEBHOOK_URL_MAX, { error: maxLengthMessage(WEBHOOK_URL_MAX, 'URL') })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' || url.protocol === 'http:';
      } catch {
        return false;
      }
    },
    { error: WEBHOOK_MESSAGES.url },
  );

const descriptionField = z
  .string()
  .trim()
  .max(WEBHOOK_DESCRIPTION_MAX, {
    error: maxLengthMessage(WEBHOOK_DESCRIPTION_MAX, 'Description'),
  });

const eventsField = z
  .array(eventField, { error: WEBHOOK_MESSAGES.events })
  .min(1, { error: WEBHOOK_MESSAGES.events })
  .max(WEBHOOK_EVENTS.length)
  .transform((list) => [...new Set(list)]);

/** POST /api/admin/webhooks */
export const webhookEndpointCreateSchema = z.object({
  kind: z.enum(WEBHOOK_ENDPOINT_KINDS, { error: WEBHOOK_MESSAGES.kind }).default('webhook'),
  url: urlField,
  description: descriptionField.default(''),
  events: eventsField,
  enabled: z.boolean().default(true),
});
export type WebhookEndpointCreate = z.output<typeof webhookEndpointCreateSchema>;
export type WebhookEndpointCreateRequest = z.input<typeof webhookEndpointCreateSchema>;

/** PATCH /api/admin/webhooks/:id (the kind is fixed at creation) */
export const webhookEndpointUpdateSchema = z
  .object({
    url: urlField,
    description: descriptionField,
    events: eventsField,
    enabled: z.boolean(),
  })
  .partial();
export type WebhookEndpointUpdateRequest = z.input<typeof webhookEndpointUpdateSchema>;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  kind: z.enum(WEBHOOK_ENDPOINT_KINDS),
  source: z.enum(WEBHOOK_ENDPOINT_SOURCES),
  url: z.string(),
  description: z.string(),
  events: z.array(eventField),
  enabled: z.boolean(),
  /** Why the API disabled it ('410 Gone', 'failing for 3 days'); null when enabled or disabled by hand. */
  disabledReason: z.string().nullable(),
  /** The secret's first characters (whsec_ + 4), never the whole secret after creation or rotation. */
  secretHint: z.string().nullable(),
  /** Set while a rotated-out secret still signs beside the new one. */
  previousSecretExpiresAt: isoTimestamp.nullable(),
  /** The first failure of the current unbroken run of failures; null when the last delivery succeeded. */
  failingSince: isoTimestamp.nullable(),
  lastDeliveryAt: isoTimestamp.nullable(),
  createdAt: isoTimestamp,
});
export type WebhookEndpoint = z.output<typeof webhookEndpointSchema>;
export const webhookEndpointListSchema = z.object({ items: z.array(webhookEndpointSchema) });
export type WebhookEndpointList = z.output<typeof webhookEndpointListSchema>;

/** The answer to a creation or a rotation: the only time the whole secret is shown. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({
  secret: z.string(),
});
export type WebhookEndpointWithSecret = z.output<typeof webhookEndpointWithSecretSchema>;

/** One attempt of a delivery, as the log shows it. */
export const webhookAttemptSchema = z.object({
  attempt: z.number().int(),
  at: isoTimestamp,
  /** The HTTP status answered; null when no answer came (timeout, refused, blocked address). */
  status: z.number().int().nullable(),
  durationMs: z.number().int(),
  /** The first 2 KB of the answer's body. */
  response: z.string().nullable(),
  /** What went wrong without an answer ("timed out after 15 s", "address not allowed"). */
  error: z.string().nullable(),
});
export type WebhookAttempt = z.output<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  /** The event's id, the `webhook-id` header: the same on every attempt and resend. */
  eventId: z.string(),
  event: eventField,
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  nextAttemptAt: isoTimestamp.nullable(),
  lastStatus: z.number().int().nullable(),
  lastDurationMs: z.number().int().nullable(),
  createdAt: isoTimestamp,
});
export type WebhookDelivery = z.output<typeof webhookDeliverySchema>;

/** GET /api/admin/webhooks/:id/deliveries?state=&before= (newest first, 50 a page, `before` a cursor) */
export const webhookDeliveryListQuerySchema = z.object({
  state: z
    .enum(WEBHOOK_DELIVERY_STATES, {
      error: `state must be one of ${WEBHOOK_DELIVERY_STATES.join(', ')}`,
    })
    .optional(),
  before: z.string().max(LIMITS.shortTextMax).optional(),
});
export type WebhookDeliveryListQuery = z.input<typeof webhookDeliveryListQuerySchema>;
export const webhookDeliveryListSchema = z.object({
  items: z.array(webhookDeliverySchema),
  /** Pass as `before` for the next (older) page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type WebhookDeliveryList = z.output<typeof webhookDeliveryListSchema>;

/** GET /api/admin/webhooks/:id/deliveries/:deliveryId: one delivery with its attempts and payload. */
export const webhookDeliveryDetailSchema = webhookDeliverySchema.extend({
  /**
   * The event sent, `{ type, timestamp, data }` (a Slack endpoint got its sentence);
   * null once the person it was about was erased.
   */
  payload: z.object({ type: eventField, timestamp: isoTimestamp, data: z.unknown() }).nullable(),
  attemptLog: z.array(webhookAttemptSchema),
});
export type WebhookDeliveryDetail = z.output<typeof webhookDeliveryDetailSchema>;

/** POST /api/admin/webhooks/:id/resend-failed */
export const webhookResendFailedSchema = z.object({ since: isoTimestamp });
export type WebhookResendFailedRequest = z.input<typeof webhookResendFailedSchema>;
export const webhookResendFailedResultSchema = z.object({
  queued: z.number().int(),
  message: z.string(),
});
export type WebhookResendFailedResult = z.output<typeof webhookResendFailedResultSchema>;

/**
 * Zapier REST Hooks (an API key holding webhooks:manage):
 * POST /api/admin/zapier/hooks { target_url, event } -> 201 { id }
 * DELETE /api/admin/zapier/hooks/:id
 * GET /api/admin/zapier/samples?event= -> an array of the latest payloads of that event (Zapier's sample data)
 */
export const zapierSubscribeSchema = z.object({
  target_url: urlField,
  event: eventField,
});
export type ZapierSubscribeRequest = z.input<typeof zapierSubscribeSchema>;
export const zapierSubscriptionSchema = z.object({ id: z.string() });
export type ZapierSubscription = z.output<typeof zapierSubscriptionSchema>;
export const webhookSamplesQuerySchema = z.object({ event: eventField });
export type WebhookSamplesQuery = z.input<typeof webhookSamplesQuerySchema>;

/** POST /api/admin/webhooks/:id/test: the test event queued for this endpoint only. */
export const webhookTestResultSchema = z.object({
  message: z.string(),
  eventId: z.string(),
});
export type WebhookTestResult = z.output<typeof webhookTestResultSchema>;
