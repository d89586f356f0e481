import { contactMessageSchema } from '@repo/validation';
import type { FastifyInstance } from 'fastify';
import { parseWith } from '../../../errors';
import { perMinute } from '../../../plugins/external/rate-limit';

export default async function contactRoutes(fastify: FastifyInstance) {
  const { config, db } = fastify;
  fastify.post(
    '/contact',
    { config: perMinute(config.RATE_LIMIT_ENABLED, config.RATE_LIMIT_FORMS_MAX) },
    async (request, reply) => {
      const { status: _status, ...message } = parseWith(contactMessageSchema, request.body);
      // Every public message starts as 'new' (spec section 4), whatever was posted.
      const row = await db
        .insertInto('contactMessages')
        .values({ ...message, company: message.company ?? null, status: 'new' })
        .returning(['id', 'status'])
        .executeTakeFirstOrThrow();
      return reply.status(201).send({ ...row, message: 'Message sent!' });
    },
  );
}
