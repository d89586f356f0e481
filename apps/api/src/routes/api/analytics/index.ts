import {
  analyticsBatchSchema,
  dashboardQuerySchema,
  storedEventData,
  toFieldIssues,
} from '@repo/validation';
import { analyticsAcceptedSchema, analyticsDashboardSchema } from '@repo/validation/responses';
import { isbot } from 'isbot';
import { badRequest } from '../../../errors';
import { ADMIN_SECURITY } from '../../../plugins/external/openapi';
import { perMinute } from '../../../plugins/external/rate-limit';
import {
  type ApiInstance,
  errorResponses,
  type ToError,
  zodValidatorCompiler,
} from '../../../route-schemas';
import { buildDashboard } from './dashboard-repository';

/** Reads the batch; `navigator.sendBeacon` may deliver it as text/plain. */
function readBody(body: unknown): unknown {
  if (typeof body !== 'string') return body ?? {};
  try {
    return JSON.parse(body) ?? {};
  } catch {
    throw badRequest('Malformed JSON in request body', 'invalid_json');
  }
}

/** A refused batch names the first invalid event and what is wrong with it. */
const invalidBatch: ToError = (error) => {
  const issues = toFieldIssues(error);
  const first = error.issues[0];
  const index = first?.path[0] === 'events' ? first.path[1] : undefined;
  const message =
    typeof index === 'number'
      ? `Event ${index} is invalid: ${first?.path.slice(2).join('.') || 'event'}: ${first?.message}`
      : (first?.message ?? 'Invalid batch');
  return badRequest(message, 'invalid_event', issues);
};

export default async function analyticsRoutes(fastify: ApiInstance) {
  const { config, db } = fastify;

  fastify.post(
    '/analytics/events',
    {
      config: perMinute(config.RATE_LIMIT_ENABLED, config.RATE_LIMIT_ANALYTICS_MAX),
      schema: {
        consumes: ['application/json', 'text/plain'],
        body: analyticsBatchSchema,
        response: { 202: analyticsAcceptedSchema, ...errorResponses(400, 429) },
      },
      validatorCompiler: zodValidatorCompiler(invalidBatch, readBody),
    },
    async (request, reply) => {
      const { events } = request.body;
      // Crawlers and headless browsers would skew the dashboards: they are told the
      // batch was taken (so they do not retry) and nothing is stored.
      if (isbot(request.headers['user-agent'])) {
        return reply.status(202).send({ accepted: events.length });
      }
      await db
        .insertInto('analyticsEvents')
        .values(
          events.map((event) => ({
            type: event.type,
            path: event.path,
            sessionId: event.data.sessionId,
            occurredAt: event.timestamp,
            // form_submit keeps field names and filled flags, never values (issue 8).
            data: JSON.stringify(storedEventData(event)),
          })),
        )
        .execute();
      return reply.status(202).send({ accepted: events.length });
    },
  );

  // Admin only, like every /api/admin route (test/admin/access.test.ts checks it too).
  fastify.get(
    '/analytics/dashboard',
    {
      onRequest: fastify.requireAdmin,
      schema: {
        tags: ['admin'],
        security: ADMIN_SECURITY,
        // The last `days` days, or a custom range `from`..`to` (issue 12).
        querystring: dashboardQuerySchema,
        response: { 200: analyticsDashboardSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const period = request.query;
      reply.header('cache-control', 'no-store');
      return buildDashboard(db, period);
    },
  );
}
