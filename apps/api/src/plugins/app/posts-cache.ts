import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createPostsCache, type PostsCache } from '../../posts/posts-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** The blog's published posts, serialised once (see posts/posts-cache.ts). */
    postsCache: PostsCache;
  }
}

/** How long a read of the posts is served before the table is read again (another instance's write shows within this). */
const POSTS_SNAPSHOT_MAX_AGE_MS = 1_000;

/**
 * One posts cache per process, shared by the public routes that read it and the
 * admin routes and the scheduler that invalidate it after a write (issue 23).
 */
export default fp(
  async function postsCache(fastify: FastifyInstance) {
    fastify.decorate(
      'postsCache',
      createPostsCache(fastify.db, { maxAgeMs: POSTS_SNAPSHOT_MAX_AGE_MS }),
    );
  },
  { name: 'posts-cache', dependencies: ['db'] },
);
