import {
  idParamsSchema,
  messageResponseSchema,
  uuidParam,
  WEBHOOK_DELIVERY_RETENTION_DAYS,
  WEBHOOK_EXAMPLE_PAYLOADS,
  WEBHOOK_MESSAGES,
  webhookDeliveryDetailSchema,
  webhookDeliveryListQuerySchema,
  webhookDeliveryListSchema,
  webhookEndpointCreateSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointUpdateSchema,
  webhookEndpointWithSecretSchema,
  webhookResendFailedResultSchema,
  webhookResendFailedSchema,
  webhookTestResultSchema,
} from '@repo/validation';
import { z } from 'zod';
import { badRequest, conflict, notFound } from '../../../../errors';
import { type ApiInstance, errorResponses } from '../../../../route-schemas';
import {
  isDeliveryCursor,
  findDelivery,
  listDeliveries,
  resendDelivery,
  resendFailedSince,
} from '../../../../webhooks/delivery-log-repository';
import {
  deleteWebhookEndpoint,
  findWebhookEndpoint,
  insertWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookSecret,
  toWebhookEndpoint,
  updateWebhookEndpoint,
} from '../../../../webhooks/endpoints-repository';
import { newWebhookSecret } from '../../../../webhooks/signing';
import { emitWebhookEvent } from '../../../../webhooks/webhook-events';
import { assertUsableUrl, auditEndpoint, creatorOf } from './endpoint-input';
import zapierRoutes from './zapier';

const permission = 'webhooks:manage' as const;
const endpointParams = idParamsSchema(WEBHOOK_MESSAGES.notFound);
const deliveryParams = z.object({
  id: uuidParam(WEBHOOK_MESSAGES.notFound),
  deliveryId: uuidParam(WEBHOOK_MESSAGES.deliveryNotFound),
});
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Outgoing webhooks (issue 34): endpoints (signed JSON webhooks or Slack incoming
 * webhooks), their secrets, a test event, the delivery log and resends. Everything
 * needs webhooks:manage (Owner, Admin, and keys given it).
 */
export default async function webhookRoutes(fastify: ApiInstance) {
  const { config, db } = fastify;
  const policy = fastify.webhookAddressPolicy;

  const mustFind = async (id: string) => {
    const row = await findWebhookEndpoint(db, id);
    if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
    return row;
  };

  fastify.get(
    '/webhooks',
    {
      config: { permission },
      schema: {
        summary: 'List webhook endpoints',
        response: { 200: webhookEndpointListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ items: (await listWebhookEndpoints(db)).map(toWebhookEndpoint) }),
  );

  fastify.post(
    '/webhooks',
    {
      config: { permission },
      schema: {
        summary: 'Add a webhook endpoint (its secret is shown once)',
        body: webhookEndpointCreateSchema,
        response: { 201: webhookEndpointWithSecretSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      await assertUsableUrl(body.url, body.kind, { config, policy, field: 'url' });
      const secret = newWebhookSecret();
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await insertWebhookEndpoint(
          trx,
          { ...body, source: 'console', secret },
          creatorOf(request),
        );
        if (inserted === 'limit') throw conflict(WEBHOOK_MESSAGES.limit, 'webhook_limit');
        await auditEndpoint(trx, request, 'webhook.create', inserted);
        return inserted;
      });
      return reply.status(201).send({ ...toWebhookEndpoint(row), secret });
    },
  );

  fastify.get(
    '/webhooks/:id',
    {
      config: { permission },
      schema: {
        summary: 'Read a webhook endpoint',
        params: endpointParams,
        response: { 200: webhookEndpointSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => toWebhookEndpoint(await mustFind(request.params.id)),
  );

  fastify.patch(
    '/webhooks/:id',
    {
      config: { permission },
      schema: {
        summary: 'Change a webhook endpoint',
        params: endpointParams,
        body: webhookEndpointUpdateSchema,
        response: { 200: webhookEndpointSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const current = await mustFind(request.params.id);
      const changes = request.body;
      if (changes.url !== undefined) {
        await assertUsableUrl(changes.url, current.kind, { config, policy, field: 'url' });
      }
      return db.transaction().execute(async (trx) => {
        const row = await updateWebhookEndpoint(trx, current.id, changes);
        if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
        await auditEndpoint(trx, request, 'webhook.update', row, {
          changed: Object.keys(changes),
        });
        return toWebhookEndpoint(row);
      });
    },
  );

  fastify.delete(
    '/webhooks/:id',
    {
      config: { permission },
      schema: {
        summary: 'Delete a webhook endpoint and its delivery log',
        params: endpointParams,
        response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await db.transaction().execute(async (trx) => {
        const row = await deleteWebhookEndpoint(trx, request.params.id);
        if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
        await auditEndpoint(trx, request, 'webhook.delete', row);
      });
      return { message: WEBHOOK_MESSAGES.deleted };
    },
  );

  fastify.post(
    '/webhooks/:id/rotate-secret',
    {
      config: { permission },
      schema: {
        summary: 'Rotate the signing secret (the previous one signs for 24 hours more)',
        params: endpointParams,
        response: { 200: webhookEndpointWithSecretSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const secret = newWebhookSecret();
      const row = await db.transaction().execute(async (trx) => {
        const rotated = await rotateWebhookSecret(trx, request.params.id, secret);
        if (!rotated) throw notFound(WEBHOOK_MESSAGES.notFound);
        await auditEndpoint(trx, request, 'webhook.rotate_secret', rotated);
        return rotated;
      });
      return { ...toWebhookEndpoint(row), secret };
    },
  );

  fastify.post(
    '/webhooks/:id/test',
    {
      config: { permission },
      schema: {
        summary: 'Send a test event to this endpoint',
        params: endpointParams,
        response: { 202: webhookTestResultSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const endpoint = await mustFind(request.params.id);
      const type = (endpoint.events[0] ??
        'waitlist.signed_up') as keyof typeof WEBHOOK_EXAMPLE_PAYLOADS;
      const event = await db.transaction().execute((trx) =>
        emitWebhookEvent(
          trx,
          type,
          WEBHOOK_EXAMPLE_PAYLOADS[type],
          {},
          {
            onlyEndpointId: endpoint.id,
            test: true,
          },
        ),
      );
      return reply.status(202).send({ message: WEBHOOK_MESSAGES.testSent, eventId: event.id });
    },
  );

  fastify.get(
    '/webhooks/:id/deliveries',
    {
      config: { permission },
      schema: {
        summary: "An endpoint's delivery log, newest first",
        params: endpointParams,
        querystring: webhookDeliveryListQuerySchema,
        response: { 200: webhookDeliveryListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const endpoint = await mustFind(request.params.id);
      const { state, before } = request.query;
      if (before !== undefined && !isDeliveryCursor(before)) {
        throw badRequest('before must be the nextCursor of a previous page', 'invalid_cursor', [
          { path: 'before', message: 'before must be the nextCursor of a previous page' },
        ]);
      }
      return listDeliveries(db, endpoint.id, { state, before });
    },
  );

  fastify.get(
    '/webhooks/:id/deliveries/:deliveryId',
    {
      config: { permission },
      schema: {
        summary: 'One delivery with its attempts and payload',
        params: deliveryParams,
        response: { 200: webhookDeliveryDetailSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const delivery = await findDelivery(db, request.params.id, request.params.deliveryId);
      if (!delivery) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
      return delivery;
    },
  );

  fastify.post(
    '/webhooks/:id/deliveries/:deliveryId/resend',
    {
      config: { permission },
      schema: {
        summary: 'Queue a delivery again (same webhook-id)',
        params: deliveryParams,
        response: { 202: messageResponseSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const result = await resendDelivery(db, request.params.id, request.params.deliveryId);
      if (result === 'not_found') throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
      if (result === 'in_flight') {
        throw conflict(
          'This delivery is still being attempted, or its person was erased',
          'delivery_not_resendable',
        );
      }
      return reply.status(202).send({ message: WEBHOOK_MESSAGES.resent });
    },
  );

  fastify.post(
    '/webhooks/:id/resend-failed',
    {
      config: { permission },
      schema: {
        summary: 'Queue again every failed delivery since a time',
        params: endpointParams,
        body: webhookResendFailedSchema,
        response: { 202: webhookResendFailedResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const endpoint = await mustFind(request.params.id);
      const since = new Date(request.body.since);
      const oldest = Date.now() - WEBHOOK_DELIVERY_RETENTION_DAYS * DAY_MS;
      if (
        Number.isNaN(since.getTime()) ||
        since.getTime() < oldest ||
        since.getTime() > Date.now()
      ) {
        throw badRequest(WEBHOOK_MESSAGES.since, 'invalid_since', [
          { path: 'since', message: WEBHOOK_MESSAGES.since },
        ]);
      }
      const queued = await resendFailedSince(db, endpoint.id, since);
      return reply.status(202).send({ queued, message: WEBHOOK_MESSAGES.resentSince(queued) });
    },
  );

  await fastify.register(zapierRoutes);
}
