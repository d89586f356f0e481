import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../../errors';
import { findActiveUserById, type PublicUser } from '../../auth/users-repository';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * preHandler: answers 401 unless the request has a signed-in session of an
     * active account (a disabled account's sessions stop working at once).
     */
    requireUser: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    user: PublicUser | null;
  }
}

/** The active user of the request's session, if any. */
export async function sessionUser(
  fastify: FastifyInstance,
  request: FastifyRequest,
): Promise<PublicUser | undefined> {
  const userId = request.session.userId;
  return userId ? findActiveUserById(fastify.db, userId) : undefined;
}

export default fp(
  async function authentication(fastify: FastifyInstance) {
    fastify.decorateRequest('user', null);

    fastify.decorate('requireUser', async (request: FastifyRequest) => {
      const user = await sessionUser(fastify, request);
      if (!user) throw unauthorized();
      request.user = user;
    });
  },
  { name: 'authentication', dependencies: ['db', 'session'] },
);
