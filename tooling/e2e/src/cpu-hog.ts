/**
 * Runs a command several times in a row while busy loops keep the CPU cores
 * occupied, to check that a suite holds on a machine doing other work (issue 9).
 * The hog is worker threads of this process: it ends with it, and in any case
 * after --max-minutes.
 *
 *   node --import tsx tooling/e2e/src/cpu-hog.ts [--runs 3] [--workers N] [--max-minutes 30] -- <command...>
 *
 * e.g. from apps/admin:
 *   node --import tsx ../../tooling/e2e/src/cpu-hog.ts -- npx vitest run -c vitest.e2e.config.ts e2e/admin-console.e2e.ts
 *
 * Prints each run's exit code and wall time, and exits 1 if any run failed.
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

interface Options {
  runs: number;
  workers: number;
  maxMinutes: number;
  command: string[];
}

function parseArgs(argv: string[]): Options {
  const separator = argv.indexOf('--');
  const flags = separator === -1 ? argv : argv.slice(0, separator);
  const command = separator === -1 ? [] : argv.slice(separator + 1);
  const value = (name: string, fallback: number) => {
    const index = flags.indexOf(name);
    const parsed = index === -1 ? fallback : Number(flags[index + 1]);
    if (!Number.isFinite(parsed) || parsed <= 0)
      throw new Error(`${name} must be a positive number`);
    return parsed;
  };
  return {
    runs: value('--runs', 3),
    workers: value('--workers', availableParallelism()),
    maxMinutes: value('--max-minutes', 30),
    command,
  };
}

/** A busy loop in a worker thread, until told to stop or the deadline passes. */
const SPIN = `
const { parentPort, workerData } = require('node:worker_threads');
let stop = false;
parentPort.on('message', () => (stop = true));
const burn = () => {
  const until = Date.now() + 50;
  while (Date.now() < until) {}
  if (!stop && Date.now() < workerData.deadline) setImmediate(burn);
  else process.exit(0);
};
burn();
`;

function run(command: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command[0]!, command.slice(1), { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  if (options.command.length === 0) {
    console.error('usage: cpu-hog.ts [--runs 3] [--workers N] [--max-minutes 30] -- <command...>');
    process.exit(2);
  }
  const deadline = Date.now() + options.maxMinutes * 60_000;
  const workers = Array.from(
    { length: options.workers },
    () => new Worker(SPIN, { eval: true, workerData: { deadline } }),
  );
  const stopHog = () => Promise.all(workers.map((worker) => worker.terminate()));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void stopHog().then(() => process.exit(130)));
  }
  console.log(`cpu-hog: ${options.workers} busy worker(s), at most ${options.maxMinutes} min`);

  const results: { run: number; code: number; seconds: number }[] = [];
  try {
    for (let index = 1; index <= options.runs; index++) {
      const started = Date.now();
      const code = await run(options.command);
      results.push({ run: index, code, seconds: (Date.now() - started) / 1000 });
      console.log(
        `cpu-hog: run ${index}: exit ${code} after ${results.at(-1)!.seconds.toFixed(1)} s`,
      );
    }
  } finally {
    await stopHog();
  }
  console.table(results);
  process.exit(results.every((result) => result.code === 0) ? 0 : 1);
}

void main();
