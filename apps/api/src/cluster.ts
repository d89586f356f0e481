import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { ConfigError, type Config, loadConfig, processEnvironment } from './config';
import { generateSetupToken } from './auth/setup-token';
import { exposeClusterMetrics } from './metrics/process-metrics';

/*
 * Several API processes on one machine behind Node's own load balancer: the
 * `cluster` primary holds the listening socket and hands connections to its
 * workers in turn. Each worker is an ordinary API process (server.js); what they
 * must share lives in PostgreSQL (sessions, login backoff, outbox, beta cap) and
 * Redis (rate limits). The primary only forks, restarts and stops them.
 */

/**
 * Workers still running this long after their own shutdown deadline (SHUTDOWN_TIMEOUT_MS,
 * which they enforce themselves) are killed, and the primary exits 1.
 */
const SHUTDOWN_GRACE_MS = 5_000;
const DEFAULT_WORKER_SHUTDOWN_MS = 10_000;
/** A worker that dies before listening is restarted after a growing pause, up to this. */
const MAX_RESTART_DELAY_MS = 30_000;

const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: 100 };

type Level = 'info' | 'warn' | 'error';

/** API_INSTANCES: a number of workers, or "auto" for one per CPU. Unset: 2. */
function instanceCount(value: string | undefined): number {
  if (value === undefined || value === '') return 2;
  if (value === 'auto') return availableParallelism();
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > 64) {
    throw new ConfigError(
      `Invalid configuration:\n  API_INSTANCES: "${value}" is not a number from 1 to 64, or "auto" (one per CPU)`,
    );
  }
  return count;
}

function startPrimary() {
  const env = processEnvironment();
  // One setup token for the whole installation: each worker would otherwise make up its
  // own, and a registration would succeed only on the worker whose token was copied.
  const generatedToken = env.ADMIN_SETUP_TOKEN ? undefined : generateSetupToken();
  const workerEnv = generatedToken ? { ADMIN_SETUP_TOKEN: generatedToken } : {};

  let config: Config;
  let instances: number;
  try {
    config = loadConfig({ ...env, ...workerEnv });
    instances = instanceCount(env.API_INSTANCES);
    if (!config.DATABASE_URL && instances > 1) {
      throw new ConfigError(
        'Invalid configuration:\n  DATABASE_URL: several API instances need PostgreSQL (the embedded database belongs to one process)',
      );
    }
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }

  const threshold = LEVELS[config.LOG_LEVEL];
  const log = (level: Level, msg: string, fields: Record<string, unknown> = {}) => {
    if (LEVELS[level] < threshold) return;
    const line = JSON.stringify({
      level: LEVELS[level],
      time: Date.now(),
      pid: process.pid,
      ...fields,
      msg,
    });
    (level === 'info' ? process.stdout : process.stderr).write(`${line}\n`);
  };

  // Built: dist/cluster.js forks dist/server.js. From source (tsx): src/server.ts, with
  // the primary's --import flags, which cluster passes on to its workers.
  const serverEntry = fileURLToPath(
    new URL(import.meta.url.endsWith('.ts') ? './server.ts' : './server.js', import.meta.url),
  );
  cluster.setupPrimary({ exec: serverEntry });

  let stopping = false;
  let everListened = false;
  let readyAnnounced = false;
  let failedStarts = 0;
  const listened = new WeakSet<Worker>();
  // Our own list: cluster.workers may still hold a worker whose process has exited.
  const running = new Set<Worker>();
  const pendingRestarts = new Set<NodeJS.Timeout>();

  const fork = () => {
    const worker = cluster.fork(workerEnv);
    running.add(worker);
    log('info', 'API worker started', { workerPid: worker.process.pid });
  };

  cluster.on('listening', (worker, address) => {
    listened.add(worker);
    failedStarts = 0;
    log('info', 'API worker listening', { workerPid: worker.process.pid, port: address.port });
    if (!everListened) {
      everListened = true;
      if (generatedToken) void announceSetupToken(generatedToken, address.port);
    }
    if (
      !readyAnnounced &&
      running.size === instances &&
      [...running].every((worker) => listened.has(worker))
    ) {
      readyAnnounced = true;
      log('info', `API ready on port ${address.port} with ${instances} workers`);
    }
  });

  /** Printed once, and only while no account exists (as a single API process does). */
  const announceSetupToken = async (token: string, port: number) => {
    const needsSetup = await fetch(`http://127.0.0.1:${port}/api/setup-status`, {
      signal: AbortSignal.timeout(5_000),
    })
      .then((response) => response.json() as Promise<{ needsSetup?: boolean }>)
      .then((status) => status.needsSetup !== false)
      .catch(() => true);
    if (needsSetup) {
      log(
        'warn',
        `No account exists yet. Create the first one with this setup token: ${token} (or run \`pnpm --filter @repo/api admin:create\`)`,
      );
    }
  };

  cluster.on('exit', (worker, code, signal) => {
    const workerPid = worker.process.pid;
    running.delete(worker);
    if (stopping) {
      log('info', 'API worker stopped', { workerPid, code, signal });
      if (running.size === 0) process.exit(0);
      return;
    }
    if (!listened.has(worker)) failedStarts += 1;
    // Nothing ever started (a bad setting, no database): say so and let the supervisor decide.
    if (!everListened && failedStarts >= instances) {
      log('error', 'no API worker could start; stopping');
      process.exit(1);
    }
    const delayMs =
      failedStarts === 0 ? 0 : Math.min(MAX_RESTART_DELAY_MS, 500 * 2 ** (failedStarts - 1));
    log('warn', 'API worker died: starting another', { workerPid, code, signal, delayMs });
    const timer = setTimeout(() => {
      pendingRestarts.delete(timer);
      fork();
    }, delayMs);
    pendingRestarts.add(timer);
  });

  const shutdownDeadlineMs =
    (Number(env.SHUTDOWN_TIMEOUT_MS) || DEFAULT_WORKER_SHUTDOWN_MS) + SHUTDOWN_GRACE_MS;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const timer of pendingRestarts) clearTimeout(timer);
    log('info', `${signal} received: stopping ${running.size} API workers`);
    if (running.size === 0) process.exit(0);
    // Each worker finishes its in-flight requests and its outbox batch, then exits.
    for (const worker of running) worker.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of running) worker.process.kill('SIGKILL');
      log('error', `API workers still running ${shutdownDeadlineMs} ms after ${signal}: killed`);
      process.exit(1);
    }, shutdownDeadlineMs).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  for (let index = 0; index < instances; index += 1) fork();

  // One /metrics for all workers (issue 21): the primary asks each for its registry and
  // serves the sum on API_METRICS_PORT; the workers themselves bind no metrics port.
  exposeClusterMetrics({
    host: config.API_METRICS_HOST,
    port: config.API_METRICS_PORT,
    token: config.METRICS_TOKEN,
  }).then(
    (server) => {
      if (server) log('info', `metrics on http://localhost:${config.API_METRICS_PORT}/metrics`);
    },
    (error: unknown) => {
      log('error', `metrics listener failed: ${error instanceof Error ? error.message : error}`);
      stop('SIGTERM');
    },
  );
}

if (cluster.isPrimary) startPrimary();
