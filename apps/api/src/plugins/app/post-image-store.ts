import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PostImageStore } from '../../post-images/post-image-store';
import { createPostgresPostImageStore } from '../../post-images/postgres-post-image-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where post images are kept and read from (issue 23; PostgreSQL, see post-images/). */
    postImageStore: PostImageStore;
  }
}

/** The post image store of the upload and serving routes. */
export default fp(
  async function postImageStore(fastify: FastifyInstance) {
    fastify.decorate('postImageStore', createPostgresPostImageStore(fastify.db));
  },
  { name: 'post-image-store', dependencies: ['db'] },
);
