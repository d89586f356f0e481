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
export const waitlistSignupResponseSchema = z.object({ id: z.string(), message: z.string() }).meta({
  examples: [
    { id: '0b6f3a52-9d1e-4c1a-a1f2-3c4d5e6f7a8b', message: 'Successfully joined the waitlist!' },
  ],
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

/** POST /api/analytics/events (202) */
export const analyticsAcceptedSchema = z.object({ accepted: z.number().int() });

/** POST /api/email/unsubscribe, asked for JSON */
export const unsubscribedResponseSchema = z.object({ message: z.string() });
