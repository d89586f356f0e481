import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { foldWaitlistCounters } from '../../waitlist/counters';

/** How often the waitlist's counter rows are folded (a few hundred rows, well under a second). */
const FOLD_EVERY_MS = 10_000;

interface CounterFoldOptions {
  /** Fold on a timer (the server does; tests call foldWaitlistCounters). */
  startTimer: boolean;
}

/**
 * Issue 32: sums the rows the waitlist's append-only counters gather (see
 * waitlist/counters.ts) every few seconds. A failed fold (the database blinked)
 * is logged and tried again at the next tick: the counts stay exact meanwhile,
 * only a little longer to sum.
 */
export default fp(
  async function counterFold(fastify: FastifyInstance, options: CounterFoldOptions) {
    if (!options.startTimer) return;
    const { db, log } = fastify;
    let running: Promise<void> | undefined;
    const run = () => {
      if (running) return;
      running = foldWaitlistCounters(db)
        .then((folded) => {
          if (folded) log.debug({ folded }, 'waitlist counter rows folded');
        })
        .catch((error: unknown) => log.warn({ err: error }, 'waitlist counter fold failed'))
        .finally(() => {
          running = undefined;
        });
    };
    let timer: NodeJS.Timeout | undefined;
    fastify.addHook('onReady', async () => {
      timer = setInterval(run, FOLD_EVERY_MS).unref();
    });
    fastify.addHook('preClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'counter-fold', dependencies: ['db'] },
);
