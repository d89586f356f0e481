import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { rollUpAnalytics } from '../../analytics/rollups-repository';

/** How often the job folds new events into the rollups (the dashboard reads the rest raw). */
const ROLLUP_INTERVAL_MS = 15_000;

interface AnalyticsRollupsOptions {
  /** Roll up on a timer (the server does; tests call rollUpAnalytics). */
  startTimer: boolean;
  intervalMs?: number;
}

/**
 * Issue 32: keeps the analytics rollups up to date. Every instance runs the
 * timer; an advisory lock lets one of them work at a time. A run that fails
 * (database away, statement timeout) is retried at the next tick, from the last
 * chunk committed.
 */
export default fp(
  async function analyticsRollups(fastify: FastifyInstance, options: AnalyticsRollupsOptions) {
    if (!options.startTimer) return;
    const { db, log } = fastify;
    let running: Promise<void> | undefined;
    let timer: NodeJS.Timeout | undefined;
    const run = () => {
      if (running) return;
      running = rollUpAnalytics(db)
        .then(({ rolled }) => {
          if (rolled > 0) log.debug({ rolled }, 'analytics events rolled up');
        })
        .catch((error: unknown) => log.warn({ err: error }, 'analytics rollup failed'))
        .finally(() => {
          running = undefined;
        });
    };
    fastify.addHook('onReady', async () => {
      timer = setInterval(run, options.intervalMs ?? ROLLUP_INTERVAL_MS).unref();
    });
    // Before the database closes: a chunk under way commits (or rolls back) first.
    fastify.addHook('preClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'analytics-rollups', dependencies: ['db'] },
);
