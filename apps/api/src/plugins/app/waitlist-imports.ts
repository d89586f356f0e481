import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { processImport } from '../../waitlist-import/import-processor';
import {
  deleteAbandonedUploads,
  listUnheldImports,
} from '../../waitlist-import/import-runs-repository';
import { backgroundRuns, type BackgroundRuns } from './background-runs';

declare module 'fastify' {
  interface FastifyInstance {
    waitlistImports: BackgroundRuns;
  }
}

/**
 * Issue 34: CSV imports run in the background of the API that accepted them, as the
 * bulk runs do (background-runs.ts), a batch at a time; each timed look also deletes
 * uploads that were never imported.
 */
export default fp(
  async function waitlistImports(fastify: FastifyInstance, options: { startTimer: boolean }) {
    const { config, db, log, mailer } = fastify;
    fastify.decorate(
      'waitlistImports',
      backgroundRuns(fastify, {
        name: 'waitlist import',
        idField: 'importRunId',
        process: (runId, stopping) => processImport({ db, mailer, config, log }, runId, stopping),
        listUnheld: () => listUnheldImports(db),
        tidy: () => deleteAbandonedUploads(db),
        startTimer: options.startTimer,
      }),
    );
  },
  { name: 'waitlist-imports', dependencies: ['config', 'db', 'email'] },
);
