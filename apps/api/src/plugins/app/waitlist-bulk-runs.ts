import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { processBulkRun } from '../../waitlist-bulk/bulk-run-processor';
import { listUnheldRuns } from '../../waitlist-bulk/bulk-runs-repository';
import { backgroundRuns, type BackgroundRuns } from './background-runs';

declare module 'fastify' {
  interface FastifyInstance {
    waitlistBulkRuns: BackgroundRuns;
  }
}

/**
 * Issue 32: bulk runs on the waitlist are processed in the background of the API
 * that accepted them, one person at a time (background-runs.ts). Taken up after the
 * API stopped, a run goes on where it stopped: each person's outcome is written with
 * their action, so nobody is acted on twice.
 */
export default fp(
  async function waitlistBulkRuns(fastify: FastifyInstance, options: { startTimer: boolean }) {
    const { config, db, log, mailer } = fastify;
    fastify.decorate(
      'waitlistBulkRuns',
      backgroundRuns(fastify, {
        name: 'bulk run',
        idField: 'bulkRunId',
        process: (runId, stopping) => processBulkRun({ db, mailer, config, log }, runId, stopping),
        listUnheld: () => listUnheldRuns(db),
        startTimer: options.startTimer,
      }),
    );
  },
  { name: 'waitlist-bulk-runs', dependencies: ['config', 'db', 'email'] },
);
