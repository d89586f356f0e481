import {
  blogPostSchema,
  blogPostSummarySchema,
  noContentSchema,
  postParamsSchema,
  postsVersionSchema,
} from '@repo/validation';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../../errors';
import { type ApiInstance, errorResponses } from '../../../route-schemas';
import type { SerializedBody } from '../../../posts/posts-cache';

// Spec section 7: the blog list is cached for 5 minutes.
const CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=600';
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
  cacheControl = CACHE_CONTROL,
) {
  reply.header('cache-control', cacheControl).header('etag', etag);
  if (matches(request.headers['if-none-match'], etag)) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}

/**
 * GET /api/posts lists every published post's summary (no text); GET
 * /api/posts/:slug answers one published post with its text, or 301 to a post's
 * slug now when the slug is an old one (issue 23). Both come from a snapshot
 * serialised once (see posts-cache.ts), with an ETag and Cache-Control.
 */
export default async function postsRoutes(fastify: ApiInstance) {
  const cache = fastify.postsCache;

  fastify.get(
    '/posts',
    {
      schema: {
        summary: 'List the published blog posts',
        response: { 200: blogPostSummarySchema.array() },
      },
    },
    async (request, reply) => sendCacheable(request, reply, (await cache.get()).summaries),
  );

  // Issue 23: each marketing server asks this every second or so (a 304 while
  // nothing changed) and drops its copies of the blog when it changes. Not under
  // /posts/ so that no slug can shadow it.
  fastify.get(
    '/posts-version',
    {
      // Out of the global per-address limit: every marketing server asks once a second
      // from its own address, and the answer is a lookup in memory (a 304 mostly). For
      // the same reason no access line (as the health probes): they would bury the log.
      config: { rateLimit: false },
      logLevel: 'warn',
      schema: { summary: 'Version of the published blog', response: { 200: postsVersionSchema } },
    },
    async (request, reply) =>
      sendCacheable(request, reply, (await cache.get()).version, 'no-cache'),
  );

  fastify.get(
    '/posts/:slug',
    {
      schema: {
        summary: 'Read a published blog post',
        params: postParamsSchema,
        response: {
          200: blogPostSchema,
          301: noContentSchema.meta({
            description: 'An old slug: Location names the post at its slug now',
          }),
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const slug = request.params.slug;
      if (slug.length > MAX_SLUG_LENGTH) throw notFound('Post not found');
      const snapshot = await cache.get();
      const post = snapshot.bySlug.get(slug);
      if (post) return sendCacheable(request, reply, post);
      const movedTo = snapshot.redirects.get(slug);
      if (!movedTo) throw notFound('Post not found');
      return reply
        .header('cache-control', CACHE_CONTROL)
        .redirect(`/api/posts/${encodeURIComponent(movedTo)}`, 301);
    },
  );
}
