import { z } from './zod-config';
import { isoTimestamp } from './common';
import { betaParticipantSchema, PARTICIPANT_STATES } from './beta';
import { WEBHOOK_EVENTS, type WebhookEvent } from './webhooks';

/*
 * What each event carries (issue 34): the `data` of the Standard Webhooks envelope
 * `{ type, timestamp, data }`. Both OpenAPI documents describe these under `webhooks`.
 * A person's event holds their name and address (a receiver needs them); `person.erased`
 * holds only the ids that were erased, so a receiver can delete its copy.
 */

const waitlistPerson = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string(),
});

const postSummary = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  /** Where it reads on the public site, from its root (`/blog/<slug>`). */
  path: z.string(),
});

export const webhookPayloadSchemas = {
  'waitlist.signed_up': z.object({
    entry: waitlistPerson.extend({
      /** The visit's `utm_source`, when it had one. */
      utmSource: z.string().nullable(),
      referredById: z.string().nullable(),
      createdAt: isoTimestamp,
    }),
  }),
  'waitlist.confirmed': z.object({
    entry: waitlistPerson,
    /** The entry's place in the queue (1 = the front); null when it holds no place. */
    position: z.number().int().nullable(),
  }),
  'waitlist.referral_credited': z.object({
    referrer: waitlistPerson.extend({ referralCount: z.number().int() }),
    referred: waitlistPerson,
  }),
  'beta.invited': z.object({ participant: betaParticipantSchema }),
  'beta.accepted': z.object({ participant: betaParticipantSchema }),
  'beta.invitation_expired': z.object({
    participant: z.object({
      id: z.string(),
      waitlistEntryId: z.string().nullable(),
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
    }),
  }),
  'beta.participant_status_changed': z.object({
    participant: betaParticipantSchema,
    previousStatus: z.enum(PARTICIPANT_STATES),
  }),
  'contact.received': z.object({
    message: z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      company: z.string().nullable(),
      subject: z.string(),
      message: z.string(),
      createdAt: isoTimestamp,
    }),
  }),
  'survey.completed': z.object({
    response: z.object({
      id: z.string(),
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      createdAt: isoTimestamp,
    }),
  }),
  'post.published': z.object({ post: postSummary.extend({ publishedAt: isoTimestamp }) }),
  'post.unpublished': z.object({ post: postSummary }),
  'person.erased': z.object({
    /** The ids of the records erased (entries, participants, messages, responses). */
    ids: z.array(z.string()),
  }),
} as const satisfies Record<WebhookEvent, z.ZodType>;

export type WebhookPayload<T extends WebhookEvent> = z.output<(typeof webhookPayloadSchemas)[T]>;

/** The body a `webhook` endpoint receives (the `webhook-id` header carries the event's id). */
export const webhookEnvelopeSchema = <T extends WebhookEvent>(type: T) =>
  z.object({
    type: z.literal(type),
    timestamp: isoTimestamp,
    data: webhookPayloadSchemas[type],
  });
export type WebhookEnvelope<T extends WebhookEvent = WebhookEvent> = {
  type: T;
  timestamp: string;
  data: WebhookPayload<T>;
};

/** GET /api/admin/zapier/samples: the latest envelopes of one event (a made-up one when none). */
export const webhookSamplesSchema = z.array(
  z.object({
    type: z.enum(WEBHOOK_EVENTS),
    timestamp: isoTimestamp,
    data: z.unknown(),
  }),
);
