/**
 * HTTP load with autocannon (its defaults otherwise: one request in flight per
 * connection, no Accept-Encoding, so every answer in a comparison is identity),
 * and the bare Fastify baseline.
 */
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import autocannon, { type AutocannonRequest, type AutocannonResult } from 'autocannon';
import { onCleanup } from './cleanup';

export interface LoadSettings {
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
}

export interface LoadTarget {
  /** Origin and path, e.g. http://127.0.0.1:3000/api/posts. */
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** A new request each time (e.g. a new address per signup). */
  setupRequest?: AutocannonRequest['setupRequest'];
}

export interface LoadResult {
  /** 2xx answers per second over the run. */
  okPerSecond: number;
  /** Milliseconds, over every answer. */
  p99Ms: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  durationSeconds: number;
}

function run(target: LoadTarget, connections: number, seconds: number): Promise<AutocannonResult> {
  const url = new URL(target.url);
  const request: AutocannonRequest = {
    method: target.method ?? 'GET',
    path: `${url.pathname}${url.search}`,
    headers: target.headers ?? {},
    ...(target.body === undefined ? {} : { body: target.body }),
    ...(target.setupRequest ? { setupRequest: target.setupRequest } : {}),
  };
  return new Promise((resolve, reject) => {
    autocannon(
      { url: url.origin, connections, duration: seconds, timeout: 10, requests: [request] },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/**
 * A warm-up (discarded), then the measured run; `beforeRun` is called between the
 * two (e.g. to count rows).
 */
export async function load(
  target: LoadTarget,
  settings: LoadSettings,
  { beforeRun }: { beforeRun?: () => Promise<void> } = {},
): Promise<LoadResult> {
  if (settings.warmupSeconds > 0) await run(target, settings.connections, settings.warmupSeconds);
  await beforeRun?.();
  const result = await run(target, settings.connections, settings.durationSeconds);
  return {
    okPerSecond: result['2xx'] / result.duration,
    p99Ms: result.latency.p99,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    durationSeconds: result.duration,
  };
}

/** Text for the table when a run had answers other than 2xx, or connection errors. */
function problemsOf(result: LoadResult): string {
  const problems: string[] = [];
  if (result.non2xx > 0) problems.push(`${result.non2xx} non-2xx`);
  if (result.errors > 0) problems.push(`${result.errors} errors`);
  return problems.join(', ');
}

export function describeLoad(result: LoadResult): string {
  const problems = problemsOf(result);
  return `p99 ${Math.round(result.p99Ms)} ms${problems ? `; ${problems}` : ''}`;
}

/** Starts the bare Fastify hello-world (src/hello-server.mjs) in a worker thread. */
export async function startHelloServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const worker = new Worker(new URL('./hello-server.mjs', import.meta.url));
  const stopWorker = async () => {
    worker.postMessage('close');
    const timer = setTimeout(() => void worker.terminate(), 2_000);
    await once(worker, 'exit').catch(() => undefined);
    clearTimeout(timer);
  };
  const stop = onCleanup('hello server', stopWorker);
  const [message] = (await Promise.race([
    once(worker, 'message'),
    once(worker, 'error').then(([error]) => Promise.reject(error as Error)),
  ])) as [{ port: number }];
  return { url: `http://127.0.0.1:${message.port}`, stop };
}
