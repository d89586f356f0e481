import {
  adminPostPageSchema,
  adminPostSchema,
  idempotencyHeadersSchema,
  messageResponseSchema,
  POST_MESSAGES,
  POST_PENDING_MESSAGES,
  postCreateSchema,
  postIdParamsSchema,
  postChecksFailedSchema,
  postChecksSchema,
  postListQuerySchema,
  postPendingReviewSchema,
  postPublishSchema,
  postRevisionListSchema,
  postRevisionParamsSchema,
  postScheduleRequestSchema,
  postUpdateSchema,
} from '@repo/validation';
import { readingTimeMinutes } from '@repo/content/seo-checks';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { auditActorOf } from '../../../../audit/audit-log';
import { notFound } from '../../../../errors';
import { idempotencyCallerOf, idempotentRequest } from '../../../../idempotency/idempotent-request';
import { editPost } from '../../../../posts/pending-revisions';
import { problemsOf } from '../../../../posts/post-checks';
import { findAdminPost, listAdminPosts, listRevisions } from '../../../../posts/posts-repository';
import {
  createPost,
  deletePost,
  PostChecksError,
  publishPost,
  restoreRevision,
  schedulePost,
  unpublishPost,
} from '../../../../posts/publishing';
import { type ApiInstance, errorResponses } from '../../../../route-schemas';
import pendingRevisionRoutes from './pending-revision';

/** Blocking SEO problems answer 422 with the problems (a value, not the error contract's issues). */
async function unlessChecksFail<T>(reply: FastifyReply, action: () => Promise<T>) {
  try {
    return await action();
  } catch (error) {
    if (error instanceof PostChecksError) return reply.status(422).send(error.body);
    throw error;
  }
}

/** Issue 31: whether the caller may change what the site shows (a live post). */
const mayPublish = (request: FastifyRequest) =>
  request.admin?.permissions.has('posts:publish') ?? false;

/**
 * Issue 23: the blog's posts, for the console and API keys (posts:read,
 * posts:write, posts:publish). Every write invalidates this process's posts
 * cache, so the site's next read sees it.
 */
export default async function postRoutes(fastify: ApiInstance) {
  const { db, postsCache } = fastify;

  fastify.get(
    '/posts',
    {
      config: { permission: 'posts:read' },
      schema: {
        summary: 'List blog posts',
        querystring: postListQuerySchema,
        response: { 200: adminPostPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listAdminPosts(db, request.query),
  );

  fastify.get(
    '/posts/:id',
    {
      config: { permission: 'posts:read' },
      schema: {
        summary: 'Read a post',
        params: postIdParamsSchema,
        response: { 200: adminPostSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const post = await findAdminPost(db, request.params.id);
      if (!post) throw notFound(POST_MESSAGES.notFound);
      return post;
    },
  );

  fastify.post(
    '/posts',
    {
      config: { permission: 'posts:write' },
      schema: {
        summary: 'Create a draft post',
        description:
          'Creates a draft. Send an Idempotency-Key header to retry safely: the same key and body answer the first answer again for 24 hours, and create nothing.',
        headers: idempotencyHeadersSchema,
        body: postCreateSchema,
        response: { 201: adminPostSchema, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      const actor = auditActorOf(request);
      const caller = idempotencyCallerOf(actor);
      const answer = await idempotentRequest(
        db,
        {
          scope: `${caller} POST /api/admin/posts`,
          key: request.headers['idempotency-key'],
          body: request.body,
        },
        async (trx) => ({ statusCode: 201, response: await createPost(trx, request.body, actor) }),
      );
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      else postsCache.invalidate();
      // Only a 201 is ever kept (idempotentRequest stores successes).
      return reply.status(201).send(adminPostSchema.parse(answer.response));
    },
  );

  fastify.patch(
    '/posts/:id',
    {
      config: { permission: 'posts:write' },
      schema: {
        summary: 'Update a post',
        description:
          "Saves the fields sent, keeping a revision of the post as it was. A published post's old slug answers 301 to the new one. A published or scheduled post: with posts:publish, the new state passes the SEO checks first (422 with the problems); without it, the edit is kept for review (202 `pending_review`) and the site is unchanged.",
        params: postIdParamsSchema,
        body: postUpdateSchema,
        response: {
          200: adminPostSchema,
          202: postPendingReviewSchema,
          422: postChecksFailedSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) =>
      unlessChecksFail(reply, async () => {
        const { id } = request.params;
        const actor = auditActorOf(request);
        const outcome = await db
          .transaction()
          .execute((trx) => editPost(trx, id, request.body, actor, mayPublish(request)));
        if (outcome.kind === 'saved') {
          postsCache.invalidate();
          return outcome.post;
        }
        const { pendingRevision } = outcome;
        const message = POST_PENDING_MESSAGES.keptForReview;
        return reply.status(202).send({ message, type: 'pending_review', pendingRevision });
      }),
  );

  fastify.delete(
    '/posts/:id',
    {
      config: { permission: 'posts:write' },
      schema: {
        summary: 'Delete a post',
        description: 'A published or scheduled post needs posts:publish too.',
        params: postIdParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const actor = auditActorOf(request);
      await db.transaction().execute((trx) => deletePost(trx, id, actor, mayPublish(request)));
      postsCache.invalidate();
      return { message: 'Post deleted' };
    },
  );

  fastify.post(
    '/posts/:id/publish',
    {
      config: { permission: 'posts:publish' },
      schema: {
        summary: 'Publish a post',
        description:
          'Publishes the post after its SEO checks: blocking problems answer 422 with the problems, unless the body carries `override: { reason }` (kept in the audit log).',
        params: postIdParamsSchema,
        body: postPublishSchema,
        response: {
          200: adminPostSchema,
          422: postChecksFailedSchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) =>
      unlessChecksFail(reply, async () => {
        const { id } = request.params;
        const { override } = request.body;
        const post = await db
          .transaction()
          .execute((trx) => publishPost(trx, id, auditActorOf(request), override));
        postsCache.invalidate();
        return post;
      }),
  );

  fastify.get(
    '/posts/:id/checks',
    {
      config: { permission: 'posts:read' },
      schema: {
        summary: 'Check a post against the SEO rules',
        description:
          "The post's problems against the site's SEO rules, as a publish would find them now.",
        params: postIdParamsSchema,
        response: { 200: postChecksSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const post = await findAdminPost(db, request.params.id);
      if (!post) throw notFound(POST_MESSAGES.notFound);
      const problems = await problemsOf(db, post);
      return {
        problems,
        blocking: problems.some((problem) => problem.blocking),
        readingTime: readingTimeMinutes(post.content),
      };
    },
  );

  fastify.post(
    '/posts/:id/unpublish',
    {
      config: { permission: 'posts:publish' },
      schema: {
        summary: 'Unpublish a post',
        params: postIdParamsSchema,
        response: { 200: adminPostSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const post = await db
        .transaction()
        .execute((trx) => unpublishPost(trx, id, auditActorOf(request)));
      postsCache.invalidate();
      return post;
    },
  );

  fastify.post(
    '/posts/:id/schedule',
    {
      config: { permission: 'posts:publish' },
      schema: {
        summary: 'Schedule a post',
        description:
          'Publishes the post by itself at `at` (within a minute). The SEO checks run now, as for a publish (422 unless overridden).',
        params: postIdParamsSchema,
        body: postScheduleRequestSchema,
        response: {
          200: adminPostSchema,
          422: postChecksFailedSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) =>
      unlessChecksFail(reply, async () => {
        const { id } = request.params;
        const at = new Date(request.body.at);
        const { override } = request.body;
        const post = await db
          .transaction()
          .execute((trx) => schedulePost(trx, id, at, auditActorOf(request), override));
        postsCache.invalidate();
        return post;
      }),
  );

  fastify.get(
    '/posts/:id/revisions',
    {
      config: { permission: 'posts:read' },
      schema: {
        summary: "List a post's revisions",
        params: postIdParamsSchema,
        response: { 200: postRevisionListSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await findAdminPost(db, id))) throw notFound(POST_MESSAGES.notFound);
      return { items: await listRevisions(db, id) };
    },
  );

  fastify.post(
    '/posts/:id/revisions/:revisionId/restore',
    {
      config: { permission: 'posts:write' },
      schema: {
        summary: "Restore a post's revision",
        description:
          'Brings back a revision (itself saved as a revision of what it replaces). A published or scheduled post needs posts:publish too, and the SEO checks (422).',
        params: postRevisionParamsSchema,
        response: {
          200: adminPostSchema,
          422: postChecksFailedSchema,
          ...errorResponses(401, 403, 404, 409),
        },
      },
    },
    async (request, reply) =>
      unlessChecksFail(reply, async () => {
        const { id, revisionId } = request.params;
        const actor = auditActorOf(request);
        const post = await db
          .transaction()
          .execute((trx) => restoreRevision(trx, id, revisionId, actor, mayPublish(request)));
        postsCache.invalidate();
        return post;
      }),
  );

  await fastify.register(pendingRevisionRoutes);
}
