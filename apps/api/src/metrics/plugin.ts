import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type ApiMetrics, createApiMetrics, UNMATCHED_ROUTE } from './api-metrics';
import { REQUEST_ID_HEADER } from './request-id';

declare module 'fastify' {
  interface FastifyInstance {
    /** The API's Prometheus registry and its counters (served by src/metrics/listener.ts). */
    metrics: ApiMetrics;
  }
}

/** The route pattern a request matched (`/api/waitlist/status/:token`), never its URL. */
export function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? UNMATCHED_ROUTE;
}

/**
 * RED metrics for every answer, and the request id on every answer (issue 21).
 * Registered first, so its onRequest hook runs before any that could refuse the
 * request (load shedding, rate limits): a 429 or a 503 carries the id too.
 */
export default fp(
  async function metricsPlugin(fastify: FastifyInstance) {
    const metrics = createApiMetrics(fastify.db);
    fastify.decorate('metrics', metrics);

    fastify.addHook('onRequest', async (request, reply) => {
      reply.header(REQUEST_ID_HEADER, request.id);
    });
    fastify.addHook('onResponse', async (request, reply) => {
      const labels = {
        method: request.method,
        route: routeLabel(request),
        status_code: String(reply.statusCode),
      };
      metrics.httpRequests.inc(labels);
      metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    });
  },
  { name: 'metrics', dependencies: ['db'] },
);
