import {
  adminPostSchema,
  messageResponseSchema,
  POST_MESSAGES,
  POST_PENDING_MESSAGES,
  postChecksFailedSchema,
  postIdParamsSchema,
  postPendingRevisionAnswerSchema,
  postPublishSchema,
} from '@repo/validation';
import { auditActorOf } from '../../../../audit/audit-log';
import { notFound } from '../../../../errors';
import {
  discardPendingRevision,
  findPendingRevision,
  publishPendingRevision,
} from '../../../../posts/pending-revisions';
import { findAdminPost } from '../../../../posts/posts-repository';
import { PostChecksError } from '../../../../posts/publishing';
import { type ApiInstance, errorResponses } from '../../../../route-schemas';

/**
 * Issue 31: the edit of a published or scheduled post kept for review (made by
 * someone without posts:publish): read by anyone who reads posts, published or
 * discarded by someone holding posts:publish.
 */
export default async function pendingRevisionRoutes(fastify: ApiInstance) {
  const { db, postsCache } = fastify;

  fastify.get(
    '/posts/:id/pending-revision',
    {
      config: { permission: 'posts:read' },
      schema: {
        summary: "Read a post's pending revision",
        description:
          "The changes waiting for review on a published or scheduled post (null when none): the fields that differ from the post now, and the post's fields with them.",
        params: postIdParamsSchema,
        response: { 200: postPendingRevisionAnswerSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const post = await findAdminPost(db, request.params.id);
      if (!post) throw notFound(POST_MESSAGES.notFound);
      return { pendingRevision: await findPendingRevision(db, post) };
    },
  );

  fastify.post(
    '/posts/:id/pending-revision/publish',
    {
      config: { permission: 'posts:publish' },
      schema: {
        summary: "Publish a post's pending revision",
        description:
          'Puts the changes waiting for review on the post, after the SEO checks of a live post: blocking problems answer 422 with the problems, unless the body carries `override: { reason }` (kept in the audit log).',
        params: postIdParamsSchema,
        body: postPublishSchema,
        response: {
          200: adminPostSchema,
          422: postChecksFailedSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { override } = request.body;
      try {
        const post = await db
          .transaction()
          .execute((trx) => publishPendingRevision(trx, id, auditActorOf(request), override));
        postsCache.invalidate();
        return post;
      } catch (error) {
        if (error instanceof PostChecksError) return reply.status(422).send(error.body);
        throw error;
      }
    },
  );

  fastify.delete(
    '/posts/:id/pending-revision',
    {
      config: { permission: 'posts:publish' },
      schema: {
        summary: "Discard a post's pending revision",
        description: 'Discards the changes waiting for review; the post stays as it is.',
        params: postIdParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await db
        .transaction()
        .execute((trx) => discardPendingRevision(trx, id, auditActorOf(request)));
      return { message: POST_PENDING_MESSAGES.discarded };
    },
  );
}
