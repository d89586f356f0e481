import { z } from 'zod';

const periodRangeSchema = z.object({
  from: z.string().meta({ format: 'date-time' }),
  to: z.string().meta({ format: 'date-time' }),
  days: z.number().int(),
  firstDay: z.string().meta({ format: 'date' }),
  lastDay: z.string().meta({ format: 'date' }),
});

const figuresSchema = z.object({
  pageViews: z.number(),
  visitors: z.number(),
  waitlistSignups: z.number(),
  contactSubmissions: z.number(),
  featureEngagement: z.number(),
  feedbackResponses: z.number(),
});

/** field -> answer -> count */
export const answerDistributionsSchema = z.record(z.string(), z.record(z.string(), z.number()));

/** GET /api/analytics/dashboard?days= | ?from=&to= */
export const analyticsDashboardSchema = z.object({
  waitlistSignups: z.number(),
  /** Issue 11: of the signups, those whose address is confirmed. */
  confirmedWaitlistSignups: z.number(),
  contactSubmissions: z.number(),
  featureEngagement: z.number(),
  period: periodRangeSchema,
  pageViewsPerDay: z.array(z.object({ date: z.string(), views: z.number() })),
  topPages: z.array(z.object({ path: z.string(), views: z.number() })),
  topReferrers: z.array(z.object({ referrer: z.string(), visits: z.number() })),
  waitlistFunnel: z.array(
    z.object({ stepNumber: z.number(), stepName: z.string(), sessions: z.number() }),
  ),
  feedback: z.object({
    responses: z.number(),
    distributions: answerDistributionsSchema,
    recommendationScore: z.number().nullable(),
  }),
  comparison: z.object({
    previousPeriod: periodRangeSchema,
    current: figuresSchema,
    previous: figuresSchema,
  }),
});
