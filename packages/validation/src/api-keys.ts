import { z } from 'zod';
import { API_KEY_ENVIRONMENTS } from '../admin';
import { AUDIT_ACTOR_KINDS } from '../audit-log';
import { permissionSchema, roleRefSchema } from '../roles';
import { PARTICIPANT_STATES } from '../beta-seats';
import { CONTACT_STATUSES } from '../contact';
import { answerDistributionsSchema } from './analytics';
import { ACCOUNT_STATUSES, publicUserSchema } from './auth';
import { isoTimestamp, pageOf } from './common';
import { DELIVERY_STATES } from './email';
import { seatFiguresSchema } from './seats';

/** A row id in a path: a UUID, else `notFoundMessage` (the API answers 404: it names no row). */
export function idParamsSchema(notFoundMessage: string) {
  return z.object({ id: uuidParam(notFoundMessage) });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID path parameter; anything else reads `notFoundMessage`. */
export function uuidParam(notFoundMessage: string) {
  return z
    .string({ error: notFoundMessage })
    .regex(UUID, { error: notFoundMessage })
    .meta({ format: 'uuid' });
}

/** An account's session in a path: the account's UUID and the session's public id (16 hex digits). */
export function staffSessionParamsSchema(accountNotFound: string, sessionNotFound: string) {
  return z.object({
    id: uuidParam(accountNotFound),
    sessionId: z.string().regex(/^[0-9a-f]{16}$/, { error: sessionNotFound }),
  });
}

// The waitlist (spec section 4).
export const waitlistEntrySchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  companyName: z.string().nullable(),
  monthlyContentVolume: z.string().nullable(),
  biggestChallenge: z.string().nullable(),
  primaryUse: z.string(),
  userType: z.string().nullable(),
  contentWorkflow: z.string().nullable(),
  createdAt: isoTimestamp,
  participantId: z.string().nullable(),
  /** Issue 11: double opt-in, referrals and the queue. */
  confirmedAt: isoTimestamp.nullable(),
  referralCode: z.string().nullable(),
  referredById: z.string().nullable(),
  referralCount: z.number().int(),
  position: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'Place in the queue; null outside it' }),
  invitationExpiredAt: isoTimestamp.nullable(),
});
export const waitlistPageSchema = pageOf(waitlistEntrySchema);

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

/** GET /api/admin/waitlist/sources: signups per source and ISO week. */
export const signupSourcesSchema = z.object({
  weeks: z.array(z.string().meta({ format: 'date' })),
  sources: z.array(
    z.object({ source: z.string(), counts: z.array(z.number()), total: z.number() }),
  ),
});

/** What an erasure deleted for good, per kind (issue 8). */
export const erasureResultSchema = z.object({
  deleted: z.object({
    waitlistEntries: z.number(),
    contactMessages: z.number(),
    feedbackResponses: z.number(),
    participants: z.number(),
    emails: z.number(),
    analyticsEvents: z.number(),
  }),
});

// Beta participants (spec section 4).
export const betaParticipantSchema = z.object({
  id: z.string(),
  waitlistEntryId: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  status: z.enum(PARTICIPANT_STATES),
  invitedAt: isoTimestamp,
  lastActiveAt: isoTimestamp.nullable(),
  /** Issue 11: an invitation holds its seat until it is accepted or this passes. */
  invitationExpiresAt: isoTimestamp.nullable(),
  acceptedAt: isoTimestamp.nullable(),
});
export const betaParticipantListSchema = z.object({
  participants: z.array(betaParticipantSchema),
  cap: z.number(),
  seats: seatFiguresSchema,
});
export const betaApprovalSchema = z.object({
  participant: betaParticipantSchema,
  messageId: z.string().optional(),
});

/** An email queued for sending (202). */
export const queuedEmailSchema = z.object({ messageId: z.string().optional() });

// Contact messages (spec section 4).
export const contactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(CONTACT_STATUSES),
  createdAt: isoTimestamp,
});
export const contactMessagePageSchema = pageOf(contactMessageSchema);

// API keys (spec sections 3, 5 and 9): never the secret nor its hash, but once, at creation.
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  environment: z.enum(API_KEY_ENVIRONMENTS),
  keyId: z.string(),
  maskedKey: z.string().meta({ description: 'First 12 characters, 20 asterisks, last 4' }),
  lastUsed: isoTimestamp.nullable(),
  createdAt: isoTimestamp,
  isActive: z.boolean(),
  /** What the key may do (issue 19); its creator's current role caps it further. */
  permissions: z.array(permissionSchema),
  /** Null: never expires. */
  expiresAt: isoTimestamp.nullable(),
  lastUsedIp: z.string().nullable(),
  /** The staff account that made it; null for keys made before issue 19. */
  createdBy: z.object({ id: z.string(), username: z.string(), name: z.string() }).nullable(),
});
export const apiKeyListSchema = z.object({ apiKeys: z.array(apiKeySchema) });
export const createdApiKeySchema = z
  .object({
    apiKey: apiKeySchema,
    keyId: z.string(),
    formattedKey: z.string().meta({ description: 'The full key: shown this once, never again' }),
  })
  .meta({
    examples: [
      {
        apiKey: {
          id: '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5',
          name: 'Nightly export',
          environment: 'live',
          keyId: '3f9c0a1b2c3d4e5f',
          maskedKey: 'wl_live_3f9c********************Q2w8',
          lastUsed: null,
          createdAt: '2025-10-01T09:30:00.000Z',
          isActive: true,
          permissions: ['waitlist:read', 'waitlist:export'],
          expiresAt: '2025-12-30T09:30:00.000Z',
          lastUsedIp: null,
          createdBy: { id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', username: 'ada', name: 'Ada' },
        },
        keyId: '3f9c0a1b2c3d4e5f',
        formattedKey: 'wl_live_3f9c0a1b2c3d4e5f_Zx8pW2vN5qR7tY1uI3oP6aS9dF4gH0jK2lQ5mB7Q2w8',
      },
    ],
  });
export const revokedApiKeySchema = z.object({ apiKey: apiKeySchema });

// Staff accounts.
export const staffAccountSchema = publicUserSchema.extend({
  status: z.enum(ACCOUNT_STATUSES),
  createdAt: isoTimestamp,
  emailVerifiedAt: isoTimestamp.nullable(),
  disabledAt: isoTimestamp.nullable(),
  activeSessions: z.number(),
  /** Issue 19: the account's role. */
  role: roleRefSchema,
});
export const staffAccountListSchema = z.object({ accounts: z.array(staffAccountSchema) });
export const staffAccountResponseSchema = z.object({ account: staffAccountSchema });
export const staffSessionSchema = z.object({
  id: z.string(),
  createdAt: isoTimestamp,
  lastSeenAt: isoTimestamp.nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export const staffSessionListSchema = z.object({ sessions: z.array(staffSessionSchema) });

/** GET /api/admin/audit-log: who did what, when and from where; never personal data. */
export const auditLogPageSchema = z.object({
  entries: z.array(
    z.object({
      id: z.string(),
      /** Kept for the console until it reads `actor`. */
      actorLabel: z.string(),
      /** Who acted: its kind and stable id (user or API key id) say it, not the label. */
      actor: z.object({
        kind: z.enum(AUDIT_ACTOR_KINDS),
        id: z.string().nullable(),
        label: z.string(),
      }),
      action: z.string(),
      targetType: z.string().nullable(),
      targetId: z.string().nullable(),
      details: z.record(z.string(), z.unknown()),
      ip: z.string().nullable(),
      createdAt: isoTimestamp,
    }),
  ),
  total: z.number(),
});

/** GET /api/admin/people/timeline?email= : everything about one address, newest first. */
export const personTimelineSchema = z.object({
  email: z.string(),
  name: z.string().nullable(),
  events: z.array(
    z.object({
      at: isoTimestamp,
      kind: z.enum([
        'signup',
        'invitation',
        'participant',
        'contact',
        'survey',
        'email',
        'delivery',
        'suppression',
        'admin',
      ]),
      title: z.string(),
      detail: z.string().nullable(),
      ref: z.object({ type: z.string(), id: z.string() }).nullable(),
    }),
  ),
});

// Survey responses and insight (issue 12).
export const feedbackResponsePageSchema = z.object({
  responses: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      createdAt: isoTimestamp,
      recommendationLikelihood: z.string().nullable(),
      overallSatisfaction: z.string().nullable(),
    }),
  ),
  total: z.number(),
});
export const surveyInsightSchema = z.object({
  funnel: z.object({
    started: z.number(),
    completed: z.number(),
    resumable: z.number(),
    steps: z.array(
      z.object({
        step: z.number(),
        title: z.string(),
        reached: z.number(),
        stoppedHere: z.number(),
        resumableHere: z.number(),
      }),
    ),
  }),
  responses: z.number(),
  distributions: answerDistributionsSchema,
  recommendation: z.object({
    score: z.number().nullable(),
    opinions: z.number(),
    counts: z.record(z.string(), z.number()),
  }),
});
export const surveyTextAnswerPageSchema = pageOf(
  z.object({
    responseId: z.string(),
    field: z.string(),
    answer: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    createdAt: isoTimestamp,
  }),
);

/** GET /api/admin/analytics-opt-out: the site page that marks a browser as staff. */
export const analyticsOptOutPageSchema = z.object({ url: z.string(), origin: z.string() });

// E-mail (spec section 5, issues 9 and 11).
export const EMAIL_STATUSES = ['queued', 'sending', 'sent', 'failed', 'captured', 'held'] as const;
export const EMAIL_STREAMS = ['outbound', 'broadcast'] as const;
export const SUPPRESSION_ORIGINS = [
  'unsubscribe',
  'hard_bounce',
  'spam_complaint',
  'manual',
  'postmark',
  'import',
] as const;

export const emailTemplateListSchema = z.object({
  templates: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      category: z.string(),
    }),
  ),
});

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
export const outboxMessagePageSchema = pageOf(outboxMessageSchema);
export const outboxMessageDetailSchema = outboxMessageSchema.extend({
  htmlBody: z.string(),
  textBody: z.string(),
  events: z.array(
    z.object({ recordType: z.string(), occurredAt: isoTimestamp, detail: z.string().nullable() }),
  ),
});

const bulkSkipSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  reason: z.enum(['unsubscribed', 'suppressed', 'inactive', 'recently_sent', 'not_found']),
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

/** POST /api/admin/email/bulk-send (202) */
export const bulkSendQueuedSchema = z.object({
  bulkSendId: z.string(),
  queued: z.number(),
  skipped: z.number(),
  sendAt: isoTimestamp.nullable(),
});

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

export const suppressionPageSchema = pageOf(
  z.object({
    email: z.string(),
    stream: z.enum(EMAIL_STREAMS),
    reason: z.string(),
    origin: z.enum(SUPPRESSION_ORIGINS),
    detail: z.string().nullable(),
    createdAt: isoTimestamp,
  }),
);
export const suppressionImportResultSchema = z.object({
  imported: z.number(),
  skipped: z.number(),
});

/** 204: nothing in the body. */
export const noContentSchema = z.undefined().meta({ description: 'No content' });
