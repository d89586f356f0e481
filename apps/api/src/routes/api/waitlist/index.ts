import { findEmailTemplate } from '@repo/email-templates';
import { isHoneypotFilled, waitlistSignupRequestSchema } from '@repo/validation';
import { randomUUID } from 'node:crypto';
import { waitlistSignupResponseSchema } from '@repo/validation/responses';
import { conflict } from '../../../errors';
import { perMinute } from '../../../plugins/external/rate-limit';
import { type ApiInstance, errorResponses } from '../../../route-schemas';
import { addWaitlistSignup } from '../../../waitlist/waitlist-repository';

const DUPLICATE_EMAIL_MESSAGE = 'This email address is already on the waitlist';

const SIGNUP_SUCCESS_MESSAGE = 'Successfully joined the waitlist!';

const welcomeTemplate = findEmailTemplate('waitlist-welcome')!;

export default async function waitlistRoutes(fastify: ApiInstance) {
  const { config, db, mailer } = fastify;
  fastify.post(
    '/waitlist',
    {
      config: perMinute(config.RATE_LIMIT_ENABLED, config.RATE_LIMIT_FORMS_MAX),
      schema: {
        body: waitlistSignupRequestSchema,
        response: { 201: waitlistSignupResponseSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const { website, source, ...signup } = request.body;
      if (isHoneypotFilled(website)) {
        // A bot filled the hidden field: it gets the usual answer, nothing is kept or mailed.
        request.log.info('waitlist signup dropped: honeypot filled');
        return reply.status(201).send({ id: randomUUID(), message: SIGNUP_SUCCESS_MESSAGE });
      }
      // Rendered later by the outbox worker: the request only stores the data.
      const welcome = mailer.defer({
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
        const inserted = await addWaitlistSignup(trx, signup, source);
        if (inserted) await mailer.queue(trx, [welcome]);
        return inserted;
      });
      if (!id) throw conflict(DUPLICATE_EMAIL_MESSAGE, 'duplicate_email');
      return reply.status(201).send({ id, message: SIGNUP_SUCCESS_MESSAGE });
    },
  );
}
