import {
  contactMessageRequestSchema,
  contactMessageResponseSchema,
  isHoneypotFilled,
} from '@repo/validation';
import { randomUUID } from 'node:crypto';
import { insertContactMessage } from '../../../contacts/contacts-repository';
import { emitWebhookEvent } from '../../../webhooks/webhook-events';
import { perMinute } from '../../../plugins/external/rate-limit';
import { type ApiInstance, errorResponses } from '../../../route-schemas';

const SENT_MESSAGE = 'Message sent!';

export default async function contactRoutes(fastify: ApiInstance) {
  const { config, db } = fastify;
  fastify.post(
    '/contact',
    {
      config: perMinute(config.RATE_LIMIT_ENABLED, config.RATE_LIMIT_FORMS_MAX),
      schema: {
        summary: 'Send a contact message',
        body: contactMessageRequestSchema,
        response: { 201: contactMessageResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const { status: _status, website, ...message } = request.body;
      if (isHoneypotFilled(website)) {
        // A bot filled the hidden field: it gets the usual answer, nothing is kept.
        request.log.info('contact message dropped: honeypot filled');
        return reply.status(201).send({ id: randomUUID(), status: 'new', message: SENT_MESSAGE });
      }
      // Every public message starts as 'new' (spec section 4), whatever was posted.
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await insertContactMessage(trx, message);
        await emitWebhookEvent(
          trx,
          'contact.received',
          {
            message: {
              id: inserted.id,
              name: message.name,
              email: message.email,
              company: message.company ?? null,
              subject: message.subject,
              message: message.message,
              createdAt: inserted.createdAt.toISOString(),
            },
          },
          { emails: [message.email], ids: [inserted.id] },
        );
        return inserted;
      });
      return reply.status(201).send({ id: row.id, status: row.status, message: SENT_MESSAGE });
    },
  );
}
