import { healthResponseSchema } from '@repo/validation';
import { databaseAnswers } from '../../../health/database-health';
import type { ApiInstance } from '../../../route-schemas';

const DATABASE_TIMEOUT_MS = 2000;

export default async function healthRoutes(fastify: ApiInstance) {
  fastify.get(
    '/health',
    {
      // Probes call it every few seconds on every replica: their access lines would bury
      // the log. A failed probe still shows: the database outage logs on its own.
      logLevel: 'warn',
      config: { rateLimit: false },
      schema: {
        summary: 'Health of the API and its database',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (_request, reply) => {
      const up = await databaseAnswers(fastify.db, DATABASE_TIMEOUT_MS);
      reply.header('cache-control', 'no-store');
      return reply
        .status(up ? 200 : 503)
        .send({ status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down' });
    },
  );
}
