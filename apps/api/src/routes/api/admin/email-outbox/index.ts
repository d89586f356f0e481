import {
  idParamsSchema,
  outboxListQuerySchema,
  outboxMessageDetailSchema,
  outboxMessagePageSchema,
  outboxMessageSchema,
} from '@repo/validation';
import { auditActorOf, recordAudit } from '../../../../audit/audit-log';
import {
  findOutboxMessage,
  listOutboxMessages,
  requeueFailedMessage,
} from '../../../../email-outbox/outbox-repository';
import { conflict, notFound } from '../../../../errors';
import { type ApiInstance, errorResponses } from '../../../../route-schemas';

/** The outbox in the console: every message, its attempts, and a retry for a failed one. */
export default async function emailOutboxRoutes(fastify: ApiInstance) {
  const { db } = fastify;

  fastify.get(
    '/email/outbox',
    {
      config: { permission: 'email:read' },
      schema: {
        summary: 'List the email outbox',
        querystring: outboxListQuerySchema,
        response: { 200: outboxMessagePageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => listOutboxMessages(db, request.query),
  );

  const emailParams = idParamsSchema('Email not found');

  fastify.get(
    '/email/outbox/:id',
    {
      config: { permission: 'email:read' },
      schema: {
        summary: 'Read an outbox message',
        params: emailParams,
        response: { 200: outboxMessageDetailSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const message = await findOutboxMessage(db, id);
      if (!message) throw notFound('Email not found');
      return message;
    },
  );

  /** A message that failed for good can be given a fresh round of attempts. */
  fastify.post(
    '/email/outbox/:id/retry',
    {
      config: { permission: 'email:send' },
      schema: {
        summary: 'Retry an outbox message',
        params: emailParams,
        response: { 202: outboxMessageSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const message = await db.transaction().execute(async (trx) => {
        const requeued = await requeueFailedMessage(trx, id);
        if (requeued) {
          await recordAudit(trx, auditActorOf(request), {
            action: 'email.retry',
            targetType: 'email',
            targetId: id,
          });
        }
        return requeued;
      });
      if (message) return reply.status(202).send(message);
      if (!(await findOutboxMessage(db, id))) throw notFound('Email not found');
      throw conflict('Only a failed email can be retried', 'not_failed');
    },
  );
}
