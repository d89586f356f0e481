import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { systemActor } from '../../audit/audit-log';
import { purgeExpiredIdempotencyKeys } from '../../idempotency/idempotency-repository';
import { publishDuePosts } from '../../posts/publishing';

/** Issue 23: a scheduled post publishes itself within a minute of its time. */
const DEFAULT_INTERVAL_MS = 15_000;
/** Expired idempotency keys are deleted about this often (by whichever run comes). */
const PURGE_EVERY_MS = 60 * 60 * 1000;

interface PostSchedulerOptions {
  /** Run on a timer (the server does; tests call publishDuePosts, or start it with a short interval). */
  startTimer: boolean;
  intervalMs?: number;
}

/**
 * Publishes the scheduled posts that are due. Every instance runs it; the
 * repository's `for update skip locked` hands each post to one of them, once.
 */
export default fp(
  async function postScheduler(fastify: FastifyInstance, options: PostSchedulerOptions) {
    if (!options.startTimer) return;
    const { db, log } = fastify;
    const actor = systemActor('post scheduler');
    let running: Promise<void> | undefined;
    let purgedAt = 0;
    const run = () => {
      if (running) return;
      running = publishDuePosts(db, actor)
        .then(async (published) => {
          if (published.length > 0) {
            fastify.postsCache.invalidate();
            log.info({ posts: published }, 'scheduled posts published');
          }
          if (Date.now() - purgedAt > PURGE_EVERY_MS) {
            purgedAt = Date.now();
            const purged = await purgeExpiredIdempotencyKeys(db);
            if (purged > 0) log.info({ purged }, 'expired idempotency keys deleted');
          }
        })
        .catch((error: unknown) => log.error({ err: error }, 'publishing scheduled posts failed'))
        .finally(() => {
          running = undefined;
        });
    };
    let every: NodeJS.Timeout | undefined;
    fastify.addHook('onReady', async () => {
      // unref: the timer never keeps a stopping process alive.
      every = setInterval(run, options.intervalMs ?? DEFAULT_INTERVAL_MS).unref();
    });
    // preClose runs before the database is closed: a run under way finishes first.
    fastify.addHook('preClose', async () => {
      clearInterval(every);
      await running;
    });
  },
  { name: 'post-scheduler', dependencies: ['db', 'posts-cache'] },
);
