import { z } from './zod-config';
import { isoTimestamp } from './common';
import { EMAIL_STREAMS } from './email-outbox';
import { LIMITS, maxLengthMessage } from './fields';
import { blankAsAbsent, pageFields, pageOf, type QueryParams } from './paging';

/*
 * Suppressions (spec section 5, issue 9): addresses that get no more mail on a
 * stream, after an unsubscribe, a hard bounce, a complaint or by hand.
 */

export const SUPPRESSION_ORIGINS = [
  'unsubscribe',
  'hard_bounce',
  'spam_complaint',
  'manual',
  'postmark',
  'import',
] as const;
export type SuppressionOrigin = (typeof SUPPRESSION_ORIGINS)[number];

const streamField = z.enum(EMAIL_STREAMS, { error: 'stream must be outbound or broadcast' });

export const suppressionListQuerySchema = z.object({
  ...pageFields,
  search: z.preprocess(
    blankAsAbsent,
    z.string().trim().max(LIMITS.emailMax, maxLengthMessage(LIMITS.emailMax, 'search')).optional(),
  ),
  stream: z.preprocess(blankAsAbsent, streamField.optional()),
});
/** The list query as the API reads it (defaults filled). */
export type SuppressionListQuery = z.output<typeof suppressionListQuerySchema>;
/** The list query as a caller writes it (api-client's `SuppressionListQuery`). */
export type SuppressionListParams = QueryParams<typeof suppressionListQuerySchema>;

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
export type SuppressionPage = z.output<typeof suppressionPageSchema>;
export type Suppression = SuppressionPage['items'][number];

/** DELETE /api/admin/email/suppressions?email=&stream= */
export const suppressionKeySchema = z.object({
  email: z.string().trim().min(3, 'email is required').max(254),
  stream: streamField,
});

/** Postmark's suppression dump (GET /message-streams/{stream}/suppressions/dump), in chunks. */
export const SUPPRESSION_IMPORT_MAX = 500;
export const suppressionImportSchema = z.object({
  stream: streamField,
  suppressions: z
    .array(
      z.object({
        EmailAddress: z.string().trim().min(3).max(254),
        SuppressionReason: z.string().max(100).optional(),
        Origin: z.string().max(100).optional(),
        CreatedAt: z.string().max(100).optional(),
      }),
      { error: 'suppressions must be a list' },
    )
    .min(1, 'suppressions must not be empty')
    .max(SUPPRESSION_IMPORT_MAX, `at most ${SUPPRESSION_IMPORT_MAX} suppressions per request`),
});
export type SuppressionImport = z.output<typeof suppressionImportSchema>;
export type SuppressionImportRequest = z.input<typeof suppressionImportSchema>;
export const suppressionImportResultSchema = z.object({
  imported: z.number(),
  skipped: z.number(),
});
export type SuppressionImportResult = z.output<typeof suppressionImportResultSchema>;

/** GET|POST /api/email/unsubscribe?email=&token=: the signed opt-out link of a bulk email. */
export const unsubscribeQuerySchema = z.object({
  email: z.string().trim().min(3).max(254),
  token: z.string().trim().min(1).max(200),
});

/** POST /api/email/unsubscribe, asked for JSON */
export const unsubscribedResponseSchema = z.object({ message: z.string() });
