import {
  idParamsSchema,
  messageResponseSchema,
  WEBHOOK_EXAMPLE_PAYLOADS,
  WEBHOOK_MESSAGES,
  webhookSamplesQuerySchema,
  webhookSamplesSchema,
  zapierSubscribeSchema,
  zapierSubscriptionSchema,
} from '@repo/validation';
import { conflict, notFound } from '../../../../errors';
import { type ApiInstance, errorResponses } from '../../../../route-schemas';
import { recentEnvelopes } from '../../../../webhooks/delivery-log-repository';
import {
  deleteWebhookEndpoint,
  insertWebhookEndpoint,
} from '../../../../webhooks/endpoints-repository';
import { newWebhookSecret } from '../../../../webhooks/signing';
import { assertUsableUrl, auditEndpoint, creatorOf } from './endpoint-input';

const permission = 'webhooks:manage' as const;

/**
 * Zapier REST Hooks (issue 34): what a Zapier app's triggers call with an API key
 * holding webhooks:manage. A subscription is an endpoint of source `zapier` for one
 * event (listed in the console, signed like any other); unsubscribing deletes it.
 */
export default async function zapierRoutes(fastify: ApiInstance) {
  const { config, db } = fastify;
  const policy = fastify.webhookAddressPolicy;

  fastify.post(
    '/zapier/hooks',
    {
      config: { permission },
      schema: {
        summary: 'Subscribe a Zapier hook to one event',
        body: zapierSubscribeSchema,
        response: { 201: zapierSubscriptionSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { target_url: url, event } = request.body;
      await assertUsableUrl(url, 'webhook', { config, policy, field: 'target_url' });
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await insertWebhookEndpoint(
          trx,
          {
            kind: 'webhook',
            source: 'zapier',
            url,
            description: `Zapier: ${event}`,
            events: [event],
            enabled: true,
            secret: newWebhookSecret(),
          },
          creatorOf(request),
        );
        if (inserted === 'limit') throw conflict(WEBHOOK_MESSAGES.limit, 'webhook_limit');
        await auditEndpoint(trx, request, 'webhook.create', inserted);
        return inserted;
      });
      return reply.status(201).send({ id: row.id });
    },
  );

  fastify.delete(
    '/zapier/hooks/:id',
    {
      config: { permission },
      schema: {
        summary: 'Unsubscribe a Zapier hook',
        params: idParamsSchema(WEBHOOK_MESSAGES.notFound),
        response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await db.transaction().execute(async (trx) => {
        const row = await deleteWebhookEndpoint(trx, request.params.id, 'zapier');
        if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
        await auditEndpoint(trx, request, 'webhook.delete', row);
      });
      return { message: WEBHOOK_MESSAGES.deleted };
    },
  );

  fastify.get(
    '/zapier/samples',
    {
      config: { permission },
      schema: {
        summary: "The latest payloads of one event (Zapier's sample data)",
        querystring: webhookSamplesQuerySchema,
        response: { 200: webhookSamplesSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { event } = request.query;
      const recent = await recentEnvelopes(db, event);
      if (recent.length > 0) return recent;
      // Nothing happened yet: a made-up one, so that the Zap can be set up.
      return [
        { type: event, timestamp: new Date().toISOString(), data: WEBHOOK_EXAMPLE_PAYLOADS[event] },
      ];
    },
  );
}
