import { healthResponseSchema } from '@repo/validation';
import { sql } from 'kysely';
import type { ApiInstance } from '../../../route-schemas';

const DATABASE_TIMEOUT_MS = 2000;

export default async function healthRoutes(fastify: ApiInstance) {
  fastify.get(
    '/health',
    {
      config: { rateLimit: false },
      schema: { response: { 200: healthResponseSchema, 503: healthResponseSchema } },
    },
    async (_request, reply) => {
      const ping = sql`select 1`.execute(fastify.db).then(() => true);
      const timeout = new Promise<false>((resolve) =>
        setTimeout(resolve, DATABASE_TIMEOUT_MS, false).unref(),
      );
      const up = await Promise.race([ping, timeout]).catch(() => false);
      reply.header('cache-control', 'no-store');
      return reply
        .status(up ? 200 : 503)
        .send({ status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down' });
    },
  );
}
