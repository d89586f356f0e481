import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * A generous global limit per client address; stricter limits are declared on
 * public form posts and on auth writes (see `limits` decorated below).
 */
export default fp(
  async function rateLimitPlugin(fastify: FastifyInstance) {
    const { config } = fastify;
    await fastify.register(rateLimit, {
      global: config.RATE_LIMIT_ENABLED,
      max: config.RATE_LIMIT_MAX,
      timeWindow: '1 minute',
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        message: `Too many requests, please try again in ${context.after}`,
      }),
    });
  },
  { name: 'rate-limit', dependencies: ['config'] },
);

/** Route options for a stricter per-minute limit. */
export function perMinute(enabled: boolean, max: number): { rateLimit: RateLimitOptions | false } {
  return { rateLimit: enabled ? { max, timeWindow: '1 minute' } : false };
}
