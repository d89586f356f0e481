import { z } from 'zod';
import { CONTACT_STATUSES } from '../contact';
import { isoTimestamp } from './common';

/** GET /api/health */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
});

/** A blog post with its text (GET /api/posts/:slug). */
export const blogPostSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  date: z.string().meta({ format: 'date', description: 'YYYY-MM-DD' }),
  category: z.string(),
  tags: z.array(z.string()),
  readingTime: z.number(),
  author: z.string(),
  authorEmail: z.string().optional(),
  authorBio: z.string().optional(),
  content: z.string().optional(),
  featuredImage: z.string().optional(),
});

/** A post as GET /api/posts lists it: everything a listing shows, without the text. */
export const blogPostSummarySchema = blogPostSchema.omit({ content: true, authorBio: true });

/** The path of one post. */
export const postParamsSchema = z.object({ slug: z.string() });

/** POST /api/waitlist (201) */
export const waitlistSignupResponseSchema = z
  .object({
    id: z.string(),
    message: z.string(),
    /**
     * Issue 11: what an invite code did: a seat at once, or the front of the queue.
     * Issue 19: `pending` for an address not confirmed yet: the code takes effect
     * when the confirmation link is opened.
     */
    invite: z.object({ outcome: z.enum(['approved', 'queued', 'pending']) }).optional(),
  })
  .meta({
    examples: [
      { id: '0b6f3a52-9d1e-4c1a-a1f2-3c4d5e6f7a8b', message: 'Successfully joined the waitlist!' },
    ],
  });

/**
 * A person's place on the waitlist (issue 11): POST /api/waitlist/confirm and
 * GET /api/waitlist/status. `position` is 1 for the front of the queue; it is
 * null when the person is not in the queue (unconfirmed, or holding a seat).
 */
export const waitlistPlaceSchema = z.object({
  firstName: z.string(),
  state: z.enum(['unconfirmed', 'queued', 'invited', 'participant']),
  position: z.number().int().nullable(),
  ahead: z.number().int().nullable(),
  total: z.number().int().meta({ description: 'People in the queue' }),
  referralCount: z.number().int(),
  referralCode: z.string(),
  referralUrl: z.string(),
  statusUrl: z.string(),
  boostPlaces: z
    .number()
    .int()
    .meta({ description: 'Places a confirmed referral moves its referrer up' }),
});

/** POST /api/contact (201) */
export const contactMessageResponseSchema = z.object({
  id: z.string(),
  status: z.enum(CONTACT_STATUSES),
  message: z.string(),
});

/** POST /api/beta-feedback (201) */
export const betaFeedbackResponseSchema = z.object({
  id: z.string(),
  message: z.string(),
});

/** GET /api/beta-feedback/progress?key= : the survey to resume, or null. */
export const surveyProgressAnswerSchema = z.object({
  progress: z
    .object({
      step: z.number().int(),
      answers: z.record(z.string(), z.string()),
      savedAt: isoTimestamp,
      resumableUntil: isoTimestamp,
    })
    .nullable(),
});

/** PUT /api/beta-feedback/progress */
export const surveyProgressSavedSchema = z.object({
  saved: z.literal(true),
  resumableUntil: isoTimestamp,
});

/**
 * POST /api/analytics/events (202): the valid events of the batch were stored;
 * the others are named by their index, with why (issue 11). Sending a refused
 * event again would be refused again.
 */
export const analyticsAcceptedSchema = z.object({
  accepted: z.number().int().meta({ description: 'Events stored' }),
  rejected: z
    .array(z.object({ index: z.number().int(), message: z.string() }))
    .meta({ description: 'Events refused: their index in the batch and the first problem' }),
});
export type AnalyticsBatchAnswer = z.output<typeof analyticsAcceptedSchema>;

/** POST /api/email/unsubscribe, asked for JSON */
export const unsubscribedResponseSchema = z.object({ message: z.string() });
