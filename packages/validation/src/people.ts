import { z } from './zod-config';
import { AUDIT_ACTOR_KINDS } from './audit-log';
import { isoTimestamp } from './common';
import { emailAddress, INVALID_EMAIL_MESSAGE, LIMITS } from './fields';
import type { QueryParams } from './paging';

/*
 * People (issue 8): everything the service holds about one address, read as a
 * timeline, and the right to erasure that deletes it for good.
 */

/** GET /api/admin/people/timeline?email= */
export const personTimelineQuerySchema = z.object({
  email: z
    .string({ error: 'email is required' })
    .trim()
    .min(3, 'email is required')
    .max(LIMITS.emailMax, `email must be at most ${LIMITS.emailMax} characters`),
});
export type PersonTimelineQuery = QueryParams<typeof personTimelineQuerySchema>;

/** GET /api/admin/people/timeline?email= : everything about one address, newest first. */
export const personTimelineSchema = z.object({
  email: z.string(),
  name: z.string().nullable(),
  events: z.array(
    z.object({
      at: isoTimestamp,
      kind: z.enum([
        'signup',
        /** The address confirmed (double opt-in, issue 11). */
        'confirmation',
        /** A referral credited: a friend through this person's link confirmed. */
        'referral',
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
      /** A staff action (kind 'admin'): what the console words as the audit log's sentence. */
      audit: z
        .object({
          action: z.string(),
          actor: z.object({ kind: z.enum(AUDIT_ACTOR_KINDS), label: z.string() }),
          /** Looked up when read, as in the audit log: the actor's name now, the record's name now. */
          actorName: z.string().nullable(),
          subjectName: z.string().nullable(),
          details: z.record(z.string(), z.unknown()),
        })
        .optional(),
    }),
  ),
});
export type PersonTimeline = z.output<typeof personTimelineSchema>;
export type TimelineEvent = PersonTimeline['events'][number];

/** POST /api/admin/erasure: the console's erase form. */
export const erasePersonSchema = z.object({ email: emailAddress(INVALID_EMAIL_MESSAGE) });
export type ErasePersonRequest = z.input<typeof erasePersonSchema>;

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
/** What an erasure deleted for good, per kind. */
export type ErasureResult = z.output<typeof erasureResultSchema>;
