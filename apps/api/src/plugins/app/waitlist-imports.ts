import { outsideQueryScope } from '@repo/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { processImport } from '../../waitlist-import/import-processor';
import {
  deleteAbandonedUploads,
  listUnheldImports,
} from '../../waitlist-import/import-runs-repository';

declare module 'fastify' {
  interface FastifyInstance {
    waitlistImports: {
      /** Starts importing a run in the background (nothing if this process already is). */
      start: (runId: string) => void;
      /** Takes up every importing run no worker holds; resolves when they are done or stopped. */
      resume: () => Promise<void>;
      /** Resolves when the imports this process is working on are done (tests wait on it). */
      settled: () => Promise<void>;
    };
  }
}

/** How often a server looks for imports left by a stopped API (their lease lapsed: 30 s). */
const RESUME_INTERVAL_MS = 15_000;

interface WaitlistImportsOptions {
  /** Look for abandoned imports on a timer (the server does; tests call `resume`). */
  startTimer: boolean;
}

/**
 * Issue 34: CSV imports run in the background of the API that accepted them,
 * as the bulk runs do (waitlist-bulk-runs.ts): outside the request's query scope,
 * under a lease, taken up by any instance's timer when their API stopped.
 */
export default fp(
  async function waitlistImports(fastify: FastifyInstance, options: WaitlistImportsOptions) {
    const { config, db, log, mailer } = fastify;
    const running = new Map<string, Promise<void>>();
    let stopping = false;
    const start = (runId: string) => {
      if (stopping || running.has(runId)) return;
      const work = outsideQueryScope(() =>
        processImport({ db, mailer, config, log }, runId, () => stopping),
      )
        .then((outcome) => log.info({ importRunId: runId, outcome }, 'waitlist import processed'))
        .catch((error: unknown) =>
          log.error({ err: error, importRunId: runId }, 'waitlist import failed'),
        )
        .finally(() => running.delete(runId));
      running.set(runId, work);
    };
    const settled = async () => {
      while (running.size > 0) await Promise.all(running.values());
    };
    const resume = async () => {
      for (const runId of await listUnheldImports(db)) start(runId);
      await settled();
    };
    fastify.decorate('waitlistImports', { start, resume, settled });

    let every: NodeJS.Timeout | undefined;
    if (options.startTimer) {
      const look = () => {
        void listUnheldImports(db)
          .then((ids) => ids.forEach(start))
          .then(() => deleteAbandonedUploads(db))
          .catch((error: unknown) => log.error({ err: error }, 'looking for imports failed'));
      };
      fastify.addHook('onReady', async () => {
        look();
        every = setInterval(look, RESUME_INTERVAL_MS).unref();
      });
    }
    // Before the database closes: each import stops after its current batch and lets go.
    fastify.addHook('preClose', async () => {
      stopping = true;
      clearInterval(every);
      await Promise.allSettled(running.values());
    });
  },
  { name: 'waitlist-imports', dependencies: ['config', 'db', 'email'] },
);
