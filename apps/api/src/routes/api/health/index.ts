import { errorBodySchema, healthResponseSchema } from '@repo/validation';
import { z } from 'zod';
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
        // 503: the database is down (the health body), or load shedding refused the probe
        // before the route ran (the error contract: without it here, that answer failed
        // its schema and became a 500).
        response: {
          200: healthResponseSchema,
          503: z.union([healthResponseSchema, errorBodySchema]),
        },
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
