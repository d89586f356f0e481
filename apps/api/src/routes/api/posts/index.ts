import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../../errors';
import { findPostBySlug, listPosts } from './posts-repository';

// Spec section 7: the blog list is cached for 5 minutes.
const CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=600';

function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/** Sends `payload` as JSON with a validator, or 304 when the client already has it. */
function sendCacheable(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const body = JSON.stringify(payload);
  const etag = etagOf(body);
  reply.header('cache-control', CACHE_CONTROL).header('etag', etag);
  if (matches(request.headers['if-none-match'], etag)) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}

export default async function postsRoutes(fastify: FastifyInstance) {
  fastify.get('/posts', async (request, reply) =>
    sendCacheable(request, reply, await listPosts(fastify.db)),
  );

  fastify.get<{ Params: { slug: string } }>('/posts/:slug', async (request, reply) => {
    const slug = request.params.slug;
    const post = slug.length <= 200 ? await findPostBySlug(fastify.db, slug) : undefined;
    if (!post) throw notFound('Post not found');
    return sendCacheable(request, reply, post);
  });
}
