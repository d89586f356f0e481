import {
  analyticsBatchSchema,
  dashboardQuerySchema,
  storedEventData,
  toFieldIssues,
} from '@repo/validation';
import type { FastifyInstance } from 'fastify';
import { isbot } from 'isbot';
import { badRequest, parseWith } from '../../../errors';
import { perMinute } from '../../../plugins/external/rate-limit';
import { buildDashboard } from './dashboard-repository';

/** Reads the batch; `navigator.sendBeacon` may deliver it as text/plain. */
function readBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    throw badRequest('Malformed JSON in request body', 'invalid_json');
  }
}

export default async function analyticsRoutes(fastify: FastifyInstance) {
  const { config, db } = fastify;

  fastify.post(
    '/analytics/events',
    { config: perMinute(config.RATE_LIMIT_ENABLED, config.RATE_LIMIT_ANALYTICS_MAX) },
    async (request, reply) => {
      const result = analyticsBatchSchema.safeParse(readBody(request.body) ?? {});
      if (!result.success) {
        const issues = toFieldIssues(result.error);
        const first = result.error.issues[0];
        const index = first?.path[0] === 'events' ? first.path[1] : undefined;
        const message =
          typeof index === 'number'
            ? `Event ${index} is invalid: ${first?.path.slice(2).join('.') || 'event'}: ${first?.message}`
            : (first?.message ?? 'Invalid batch');
        throw badRequest(message, 'invalid_event', issues);
      }
      const { events } = result.data;
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
    { onRequest: fastify.requireAdmin },
    async (request, reply) => {
      // The last `days` days, or a custom range `from`..`to` (issue 12).
      const period = parseWith(dashboardQuerySchema, request.query);
      reply.header('cache-control', 'no-store');
      return buildDashboard(db, period);
    },
  );
}
