import { findEmailTemplate } from '@repo/email-templates';
import { waitlistSignupSchema } from '@repo/validation';
import type { FastifyInstance } from 'fastify';
import { conflict, parseWith } from '../../../errors';
import { perMinute } from '../../../plugins/external/rate-limit';
import { addWaitlistSignup } from './waitlist-repository';

export const DUPLICATE_EMAIL_MESSAGE = 'This email address is already on the waitlist';

const welcomeTemplate = findEmailTemplate('waitlist-welcome')!;

export default async function waitlistRoutes(fastify: FastifyInstance) {
  const { config, db, mailer } = fastify;
  fastify.post(
    '/waitlist',
    { config: perMinute(config.RATE_LIMIT_ENABLED, config.RATE_LIMIT_FORMS_MAX) },
    async (request, reply) => {
      const signup = parseWith(waitlistSignupSchema, request.body);
      const welcome = await mailer.prepare({
        template: welcomeTemplate,
        to: signup.email,
        data: {
          firstName: signup.firstName,
          lastName: signup.lastName,
          companyName: signup.company,
        },
        stream: 'outbound',
      });
      // The entry and its welcome email commit together; a duplicate queues nothing.
      const id = await db.transaction().execute(async (trx) => {
        const inserted = await addWaitlistSignup(trx, signup);
        if (inserted) await mailer.queue(trx, [welcome]);
        return inserted;
      });
      if (!id) throw conflict(DUPLICATE_EMAIL_MESSAGE, 'duplicate_email');
      return reply.status(201).send({ id, message: 'Successfully joined the waitlist!' });
    },
  );
}
