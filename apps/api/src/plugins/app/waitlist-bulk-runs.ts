import { outsideQueryScope } from '@repo/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { processBulkRun } from '../../waitlist-bulk/bulk-run-processor';
import { listUnheldRuns } from '../../waitlist-bulk/bulk-runs-repository';

declare module 'fastify' {
  interface FastifyInstance {
    waitlistBulkRuns: {
      /** Starts processing a run in the background (nothing if this process already is). */
      start: (runId: string) => void;
      /** Takes up every running run no worker holds; resolves when they are done or stopped. */
      resume: () => Promise<void>;
      /** Resolves when the runs this process is working on are done (tests wait on it). */
      settled: () => Promise<void>;
    };
  }
}

/** How often a server looks for runs left by a stopped API (their lease lapsed: 30 s). */
const RESUME_INTERVAL_MS = 15_000;

interface WaitlistBulkRunsOptions {
  /** Look for abandoned runs on a timer (the server does; tests call `resume`). */
  startTimer: boolean;
}

/**
 * Issue 32: bulk runs on the waitlist are processed in the background of the API
 * that accepted them, one person at a time. A run survives the API stopping: its
 * lease lapses and any instance's timer takes it up where it stopped (each
 * person's outcome is written with their action, so nobody is acted on twice).
 */
export default fp(
  async function waitlistBulkRuns(fastify: FastifyInstance, options: WaitlistBulkRunsOptions) {
    const { config, db, log, mailer } = fastify;
    const running = new Map<string, Promise<void>>();
    let stopping = false;
    const start = (runId: string) => {
      if (stopping || running.has(runId)) return;
      // Started by a console request, the run is the API's own work, not the request's
      // (its query scope would cancel it when the request's client goes away).
      const work = outsideQueryScope(() =>
        processBulkRun({ db, mailer, config, log }, runId, () => stopping),
      )
        .then((outcome) => log.info({ bulkRunId: runId, outcome }, 'bulk run processed'))
        .catch((error: unknown) => log.error({ err: error, bulkRunId: runId }, 'bulk run failed'))
        .finally(() => running.delete(runId));
      running.set(runId, work);
    };
    const settled = async () => {
      while (running.size > 0) await Promise.all(running.values());
    };
    const resume = async () => {
      for (const runId of await listUnheldRuns(db)) start(runId);
      await settled();
    };
    fastify.decorate('waitlistBulkRuns', { start, resume, settled });

    let every: NodeJS.Timeout | undefined;
    if (options.startTimer) {
      const look = () => {
        void listUnheldRuns(db)
          .then((ids) => ids.forEach(start))
          .catch((error: unknown) => log.error({ err: error }, 'looking for bulk runs failed'));
      };
      fastify.addHook('onReady', async () => {
        look();
        every = setInterval(look, RESUME_INTERVAL_MS).unref();
      });
    }
    // Before the database closes: each run stops after its current person and lets go.
    fastify.addHook('preClose', async () => {
      stopping = true;
      clearInterval(every);
      await Promise.allSettled(running.values());
    });
  },
  { name: 'waitlist-bulk-runs', dependencies: ['config', 'db', 'email'] },
);
