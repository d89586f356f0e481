import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { routeLabel } from '../../metrics/plugin';

/**
 * A generous global limit per client address; stricter limits are declared on
 * public form posts and on auth writes (`perMinute` below).
 *
 * With REDIS_URL the counters live in Redis, so N instances behind a load
 * balancer share one limit instead of multiplying it by N. Redis is a helper,
 * not a dependency of every request: when it is unreachable, commands fail at
 * once (no offline queue) and `skipOnError` lets the request through, so a
 * Redis outage never turns into a 5xx for visitors.
 */
export default fp(
  async function rateLimitPlugin(fastify: FastifyInstance) {
    const { config } = fastify;
    const redis = config.REDIS_URL ? await connectRedis(fastify, config.REDIS_URL) : undefined;
    await fastify.register(rateLimit, {
      global: config.RATE_LIMIT_ENABLED,
      max: config.RATE_LIMIT_MAX,
      timeWindow: '1 minute',
      ...(redis ? { redis, nameSpace: 'wordloom-rate-limit:', skipOnError: true } : {}),
      // Counted where the limiter refuses (issue 21): by route pattern, never the URL.
      onExceeded: (request) =>
        fastify.metrics.rateLimitRefusals.inc({ route: routeLabel(request) }),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        message: `Too many requests, please try again in ${context.after}`,
      }),
    });
    if (redis) fastify.addHook('onClose', async () => void redis.disconnect());
  },
  { name: 'rate-limit', dependencies: ['config', 'metrics'] },
);

/** Connects, waiting at most a second for Redis: the API starts (per-instance limits) without it. */
async function connectRedis(fastify: FastifyInstance, url: string): Promise<Redis> {
  const redis = new Redis(url, {
    // Fail fast while disconnected instead of queueing (and delaying) the request.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1_000,
    commandTimeout: 500,
    // Keep trying to reconnect in the background, at most every 2 s.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  let lastWarning = 0;
  redis.on('error', (error: Error) => {
    // One line a minute at most while Redis is down.
    if (Date.now() - lastWarning < 60_000) return;
    lastWarning = Date.now();
    fastify.log.warn({ err: error }, 'Redis unreachable: rate limits let requests through');
  });
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 1_000);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return redis;
}

/** Route options for a stricter per-minute limit. */
export function perMinute(enabled: boolean, max: number): { rateLimit: RateLimitOptions | false } {
  return { rateLimit: enabled ? { max, timeWindow: '1 minute' } : false };
}
