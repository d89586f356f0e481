import { z } from './zod-config';
import { isoTimestamp } from './common';
import { postScheduleSchema } from './posts';

/*
 * Issue 23: a post's SEO checks (the rules are @repo/content's checkPost), the
 * override that publishes past blocking problems, and signed preview links.
 */

const OVERRIDE_REASON_MIN = 10;
const OVERRIDE_REASON_MAX = 500;
/** A preview link lives 24 hours unless asked for less; at most 7 days. */
export const PREVIEW_LINK_DEFAULT_HOURS = 24;
const PREVIEW_LINK_MAX_HOURS = 7 * 24;

export const POST_CHECK_MESSAGES = {
  blocked: (count: number) =>
    `The post has ${count} blocking SEO ${count === 1 ? 'problem' : 'problems'}: fix ${count === 1 ? 'it' : 'them'}, or publish anyway with an override and its reason`,
  overrideReason: `Give the reason for publishing past the checks in ${OVERRIDE_REASON_MIN} to ${OVERRIDE_REASON_MAX} characters`,
  previewHours: `A preview link lives 1 to ${PREVIEW_LINK_MAX_HOURS} hours`,
  previewInvalid: 'This preview link is not valid: ask for a new one',
  previewExpired: 'This preview link has expired: ask for a new one',
} as const;

/** One problem of a post against the site's SEO rules. */
export const postProblemSchema = z.object({
  code: z.string(),
  message: z.string(),
  /** A blocking problem stops publishing unless overridden with a reason. */
  blocking: z.boolean(),
  /** The line of the text it is on (1-based). */
  line: z.number().int().optional(),
});
export type PostProblem = z.output<typeof postProblemSchema>;

/** GET /api/admin/posts/:id/checks */
export const postChecksSchema = z.object({
  problems: z.array(postProblemSchema),
  /** Whether publishing needs an override (some problem is blocking). */
  blocking: z.boolean(),
  /** The reading time computed from the text, in minutes. */
  readingTime: z.number().int(),
});
export type PostChecks = z.output<typeof postChecksSchema>;

/** The 422 of a publish or schedule that blocking problems stopped. */
export const postChecksFailedSchema = z.object({
  message: z.string(),
  type: z.literal('seo_checks_failed'),
  problems: z.array(postProblemSchema),
});
export type PostChecksFailed = z.output<typeof postChecksFailedSchema>;

const overrideField = z
  .object(
    {
      reason: z
        .string({ error: POST_CHECK_MESSAGES.overrideReason })
        .trim()
        .min(OVERRIDE_REASON_MIN, { error: POST_CHECK_MESSAGES.overrideReason })
        .max(OVERRIDE_REASON_MAX, { error: POST_CHECK_MESSAGES.overrideReason }),
    },
    { error: POST_CHECK_MESSAGES.overrideReason },
  )
  .optional()
  .meta({
    description: 'Publishes past blocking SEO problems; the reason is kept in the audit log',
  });

/** POST /api/admin/posts/:id/publish (the body is optional). */
export const postPublishSchema = z.object({ override: overrideField });
export type PostPublishRequest = z.input<typeof postPublishSchema>;
export type PostOverride = NonNullable<z.output<typeof postPublishSchema>['override']>;

/** POST /api/admin/posts/:id/preview-link (the body is optional). */
export const postPreviewLinkRequestSchema = z.object({
  hours: z
    .number({ error: POST_CHECK_MESSAGES.previewHours })
    .int({ error: POST_CHECK_MESSAGES.previewHours })
    .min(1, { error: POST_CHECK_MESSAGES.previewHours })
    .max(PREVIEW_LINK_MAX_HOURS, { error: POST_CHECK_MESSAGES.previewHours })
    .default(PREVIEW_LINK_DEFAULT_HOURS),
});
export type PostPreviewLinkRequest = z.input<typeof postPreviewLinkRequestSchema>;

export const postPreviewLinkSchema = z.object({
  /** The recorded link (issue 31): revoked by this id. */
  id: z.string(),
  /** The marketing site's page of the post, whatever its status: noindex, not cached. */
  url: z.string(),
  expiresAt: isoTimestamp,
});
export type PostPreviewLink = z.output<typeof postPreviewLinkSchema>;

/** GET /api/post-previews/:token */
export const postPreviewParamsSchema = z.object({
  token: z.string({ error: POST_CHECK_MESSAGES.previewInvalid }).max(200, {
    error: POST_CHECK_MESSAGES.previewInvalid,
  }),
});

/** POST /api/admin/posts/:id/schedule: the time, and the override when the checks block. */
export const postScheduleRequestSchema = postScheduleSchema.extend({ override: overrideField });
export type PostScheduleWithOverrideRequest = z.input<typeof postScheduleRequestSchema>;
