import { blogPostSchema, blogPostSummarySchema, postParamsSchema } from '@repo/validation';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../../errors';
import { type ApiInstance, errorResponses } from '../../../route-schemas';
import { createPostsCache, type SerializedBody } from '../../../posts/posts-cache';

// Spec section 7: the blog list is cached for 5 minutes.
const CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=600';
/** How long a read of the posts is served before the table is read again. */
const POSTS_SNAPSHOT_MAX_AGE_MS = 1_000;
const MAX_SLUG_LENGTH = 200;

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/**
 * Sends a body the cache serialised through the route's response schema (a string
 * with a JSON content type is sent as it is), or 304 when the client already has it.
 */
function sendCacheable(
  request: FastifyRequest,
  reply: FastifyReply,
  { body, etag }: SerializedBody,
) {
  reply.header('cache-control', CACHE_CONTROL).header('etag', etag);
  if (matches(request.headers['if-none-match'], etag)) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}

/**
 * GET /api/posts lists every post's summary (no text); GET /api/posts/:slug
 * answers one post with its text. Both come from a snapshot serialised once
 * (see posts-cache.ts), with an ETag and Cache-Control.
 */
export default async function postsRoutes(fastify: ApiInstance) {
  const cache = createPostsCache(fastify.db, { maxAgeMs: POSTS_SNAPSHOT_MAX_AGE_MS });

  fastify.get(
    '/posts',
    { schema: { response: { 200: blogPostSummarySchema.array() } } },
    async (request, reply) => sendCacheable(request, reply, (await cache.get()).summaries),
  );

  fastify.get(
    '/posts/:slug',
    {
      schema: {
        params: postParamsSchema,
        response: { 200: blogPostSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const slug = request.params.slug;
      const post =
        slug.length <= MAX_SLUG_LENGTH ? (await cache.get()).bySlug.get(slug) : undefined;
      if (!post) throw notFound('Post not found');
      return sendCacheable(request, reply, post);
    },
  );
}
