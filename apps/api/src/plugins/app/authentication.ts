import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../../errors';
import { findUserById, type PublicUser } from '../../routes/api/auth/users-repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: answers 401 unless the request has a signed-in session. */
    requireUser: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    user: PublicUser | null;
  }
}

export default fp(
  async function authentication(fastify: FastifyInstance) {
    fastify.decorateRequest('user', null);

    fastify.decorate('requireUser', async (request: FastifyRequest) => {
      const userId = request.session.userId;
      const user = userId ? await findUserById(fastify.db, userId) : undefined;
      if (!user) throw unauthorized();
      request.user = user;
    });
  },
  { name: 'authentication', dependencies: ['db', 'session'] },
);
