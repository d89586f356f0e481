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

const ADA = {
  id: '0b5f8c4e-2a7d-4c1e-9f3b-6d2e8a1c7b90',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  company: 'Analytical Engines',
};
const ADA_PARTICIPANT = {
  id: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
  waitlistEntryId: ADA.id,
  firstName: ADA.firstName,
  lastName: ADA.lastName,
  email: ADA.email,
  status: 'invited' as const,
  invitedAt: '2026-11-29T09:00:00.000Z',
  lastActiveAt: null,
  invitationExpiresAt: '2026-12-06T09:00:00.000Z',
  acceptedAt: null,
};
const EXAMPLE_POST = {
  id: 42,
  slug: 'writing-with-ai',
  title: 'Writing with AI',
  path: '/blog/writing-with-ai',
};

/**
 * A made-up payload of each event: the "Send test event" body, Zapier's sample when
 * no real event happened yet, and the OpenAPI examples.
 */
export const WEBHOOK_EXAMPLE_PAYLOADS: { [T in WebhookEvent]: WebhookPayload<T> } = {
  'waitlist.signed_up': {
    entry: {
      ...ADA,
      utmSource: 'newsletter',
      referredById: null,
      createdAt: '2026-11-29T09:00:00.000Z',
    },
  },
  'waitlist.confirmed': { entry: ADA, position: 312 },
  'waitlist.referral_credited': {
    referrer: { ...ADA, referralCount: 3 },
    referred: {
      id: '1e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b',
      email: 'grace@example.com',
      firstName: 'Grace',
      lastName: 'Hopper',
      company: 'Compilers Inc.',
    },
  },
  'beta.invited': { participant: ADA_PARTICIPANT },
  'beta.accepted': {
    participant: {
      ...ADA_PARTICIPANT,
      status: 'active',
      acceptedAt: '2026-11-30T10:00:00.000Z',
      lastActiveAt: '2026-11-30T10:00:00.000Z',
    },
  },
  'beta.invitation_expired': {
    participant: {
      id: ADA_PARTICIPANT.id,
      waitlistEntryId: ADA.id,
      email: ADA.email,
      firstName: ADA.firstName,
      lastName: ADA.lastName,
    },
  },
  'beta.participant_status_changed': {
    participant: { ...ADA_PARTICIPANT, status: 'inactive', acceptedAt: '2026-11-30T10:00:00.000Z' },
    previousStatus: 'active',
  },
  'contact.received': {
    message: {
      id: '2f3e4d5c-6b7a-4898-a9b0-c1d2e3f4a5b6',
      name: 'Ada Lovelace',
      email: ADA.email,
      company: ADA.company,
      subject: 'Agency pricing',
      message: 'Do you have a plan for agencies with ten seats?',
      createdAt: '2026-11-29T09:00:00.000Z',
    },
  },
  'survey.completed': {
    response: {
      id: '3a4b5c6d-7e8f-4091-a2b3-c4d5e6f7a8b9',
      email: ADA.email,
      firstName: ADA.firstName,
      lastName: ADA.lastName,
      createdAt: '2026-11-29T09:00:00.000Z',
    },
  },
  'post.published': { post: { ...EXAMPLE_POST, publishedAt: '2026-11-29T09:00:00.000Z' } },
  'post.unpublished': { post: EXAMPLE_POST },
  'person.erased': { ids: [ADA.id, ADA_PARTICIPANT.id] },
};
