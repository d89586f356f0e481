import { z } from './zod-config';
import { isoTimestamp } from './common';
import { POST_REVISION_ACTOR_KINDS, postSnapshotSchema } from './posts';

/*
 * Least privilege, second pass (issue 31): a published or scheduled post changes
 * on the site only through someone holding posts:publish. An edit of one by
 * anyone else is kept as the post's pending revision, which a publisher reviews,
 * then publishes (the SEO checks run again) or discards.
 */

export const POST_PENDING_MESSAGES = {
  keptForReview:
    'The post is on the site (or scheduled): your changes wait for review by someone who can publish',
  none: 'No changes are waiting for review on this post',
  discarded: 'The changes waiting for review were discarded',
  editBlocked: (count: number) =>
    `The change has ${count} blocking SEO ${count === 1 ? 'problem' : 'problems'}, and the post is on the site (or scheduled): fix ${count === 1 ? 'it' : 'them'} first`,
} as const;

/** An edit of a live post waiting for review: the post as publishing it would make it. */
export const postPendingRevisionSchema = z.object({
  id: z.string(),
  postId: z.number().int(),
  /** The fields that differ from the post as it is now. */
  fields: z.array(postSnapshotSchema.keyof()),
  /** The post's editable fields with the changes: what "Publish changes" puts on the site. */
  snapshot: postSnapshotSchema,
  /** Who edited it last. */
  actor: z.object({
    kind: z.enum(POST_REVISION_ACTOR_KINDS),
    id: z.string().nullable(),
    label: z.string(),
  }),
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
});
export type PostPendingRevision = z.output<typeof postPendingRevisionSchema>;

/** GET /api/admin/posts/:id/pending-revision: the post's pending revision, or null. */
export const postPendingRevisionAnswerSchema = z.object({
  pendingRevision: postPendingRevisionSchema.nullable(),
});
export type PostPendingRevisionAnswer = z.output<typeof postPendingRevisionAnswerSchema>;

/** The 202 of a PATCH kept for review: nothing changed on the site. */
export const postPendingReviewSchema = z.object({
  message: z.string(),
  type: z.literal('pending_review'),
  pendingRevision: postPendingRevisionSchema,
});
export type PostPendingReview = z.output<typeof postPendingReviewSchema>;

/** Whether a PATCH's answer is a pending review (202) rather than the saved post (200). */
export const isPendingReview = (answer: object): answer is PostPendingReview =>
  (answer as { type?: unknown }).type === 'pending_review';
