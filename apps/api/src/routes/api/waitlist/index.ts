import { waitlistSignupSchema } from '@repo/validation';
import type { FastifyInstance } from 'fastify';
import { conflict, parseWith } from '../../../errors';
import { perMinute } from '../../../plugins/external/rate-limit';
import { addWaitlistSignup } from './waitlist-repository';

export const DUPLICATE_EMAIL_MESSAGE = 'This email address is already on the waitlist';

export default async function waitlistRoutes(fastify: FastifyInstance) {
  const { config, db } = fastify;
  fastify.post(
    '/waitlist',
    { config: perMinute(config.RATE_LIMIT_ENABLED, config.RATE_LIMIT_FORMS_MAX) },
    async (request, reply) => {
      const signup = parseWith(waitlistSignupSchema, request.body);
      const id = await addWaitlistSignup(db, signup);
      if (!id) throw conflict(DUPLICATE_EMAIL_MESSAGE, 'duplicate_email');
      return reply.status(201).send({ id, message: 'Successfully joined the waitlist!' });
    },
  );
}
