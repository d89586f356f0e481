import { z } from './zod-config';
import { isoTimestamp, uuidParam } from './common';
import { postIdParamsSchema } from './posts';

/*
 * Issue 31: a post's preview links are recorded. Making one needs posts:write;
 * readers of posts (posts:read) see the list (who made each, when, until when,
 * its status) but never a link itself, which only its creator is shown once.
 */

/**
 * A preview link's token: `<link id>.<signature>` (the row's uuid, then 43
 * characters of base64url HMAC-SHA256). The site asks the API about nothing
 * else; the API checks the signature before any query.
 */
export const PREVIEW_TOKEN_PATTERN =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

export const POST_PREVIEW_LINK_MESSAGES = {
  notFound: 'Preview link not found',
  alreadyRevoked: 'This preview link is already revoked',
} as const;

/**
 * Where a link stands. `creator_disabled`: the staff account that made it is
 * disabled, or the API key that made it is revoked or expired or its creator
 * disabled; the link works again only if the account is enabled again (a
 * revoked or expired key never comes back).
 */
export const POST_PREVIEW_LINK_STATUSES = [
  'active',
  'expired',
  'revoked',
  'creator_disabled',
] as const;
export type PostPreviewLinkStatus = (typeof POST_PREVIEW_LINK_STATUSES)[number];

/** Who made or revoked a link: a staff account or an API key, by its label then. */
const linkActorSchema = z.object({
  kind: z.enum(['staff', 'api_key']),
  label: z.string(),
});

/** One recorded preview link, as GET /api/admin/posts/:id/preview-links lists it. */
export const postPreviewLinkRecordSchema = z.object({
  id: z.string(),
  postId: z.number().int(),
  createdBy: linkActorSchema,
  createdAt: isoTimestamp,
  expiresAt: isoTimestamp,
  revokedAt: isoTimestamp.nullable(),
  revokedBy: linkActorSchema.nullable(),
  status: z.enum(POST_PREVIEW_LINK_STATUSES),
});
export type PostPreviewLinkRecord = z.output<typeof postPreviewLinkRecordSchema>;

/** GET /api/admin/posts/:id/preview-links: newest first. */
export const postPreviewLinkListSchema = z.object({
  items: z.array(postPreviewLinkRecordSchema),
});
export type PostPreviewLinkList = z.output<typeof postPreviewLinkListSchema>;

/** A preview link of a post in a path (DELETE /api/admin/posts/:id/preview-links/:linkId). */
export const postPreviewLinkParamsSchema = postIdParamsSchema.extend({
  linkId: uuidParam(POST_PREVIEW_LINK_MESSAGES.notFound),
});
