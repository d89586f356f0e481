import { outsideQueryScope } from '@repo/db';
import type { FastifyInstance } from 'fastify';

/** How often a server looks for runs left by a stopped API (their lease lapsed: 30 s). */
const RESUME_INTERVAL_MS = 15_000;

export interface BackgroundRuns {
  /** Starts a run in the background (nothing if this process already is on it). */
  start: (runId: string) => void;
  /** Takes up every run no worker holds; resolves when they are done or stopped. */
  resume: () => Promise<void>;
  /** Resolves when the runs this process is working on are done (tests wait on it). */
  settled: () => Promise<void>;
}

interface BackgroundRunsOptions {
  /** The runs' name in the log ('bulk run': 'bulk run processed', 'bulk run failed'). */
  name: string;
  /** The log field that carries a run's id. */
  idField: string;
  /** Works on one run until it is done, or stops between steps once `stopping()` is true. */
  process: (runId: string, stopping: () => boolean) => Promise<unknown>;
  /** The runs under way that no worker holds (their lease lapsed). */
  listUnheld: () => Promise<string[]>;
  /** Also on each timed look, after taking up the unheld runs. */
  tidy?: () => Promise<unknown>;
  /** Look for abandoned runs on a timer (the server does; tests call `resume`). */
  startTimer: boolean;
}

/**
 * Work the API does in the background for a console request (issue 32's bulk runs,
 * issue 34's imports): outside the request's query scope (which would cancel it when
 * the request's client goes away), under each run's lease in the database. A run
 * survives the API stopping: its lease lapses and any instance's timer takes it up
 * where it stopped. Closing the server stops each run after its current step.
 */
export function backgroundRuns(
  fastify: FastifyInstance,
  { name, idField, process, listUnheld, tidy, startTimer }: BackgroundRunsOptions,
): BackgroundRuns {
  const { log } = fastify;
  const running = new Map<string, Promise<void>>();
  let stopping = false;
  const start = (runId: string) => {
    if (stopping || running.has(runId)) return;
    const work = outsideQueryScope(() => process(runId, () => stopping))
      .then((outcome) => log.info({ [idField]: runId, outcome }, `${name} processed`))
      .catch((error: unknown) => log.error({ err: error, [idField]: runId }, `${name} failed`))
      .finally(() => running.delete(runId));
    running.set(runId, work);
  };
  const settled = async () => {
    while (running.size > 0) await Promise.all(running.values());
  };
  const resume = async () => {
    for (const runId of await listUnheld()) start(runId);
    await settled();
  };

  let every: NodeJS.Timeout | undefined;
  if (startTimer) {
    const look = () => {
      void listUnheld()
        .then((ids) => ids.forEach(start))
        .then(() => tidy?.())
        .catch((error: unknown) => log.error({ err: error }, `looking for ${name}s failed`));
    };
    fastify.addHook('onReady', async () => {
      look();
      every = setInterval(look, RESUME_INTERVAL_MS).unref();
    });
  }
  // Before the database closes: each run stops after its current step and lets go.
  fastify.addHook('preClose', async () => {
    stopping = true;
    clearInterval(every);
    await Promise.allSettled(running.values());
  });
  return { start, resume, settled };
}
