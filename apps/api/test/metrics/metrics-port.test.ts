import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestDatabase, type TestDatabase } from '@repo/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SpawnedApi, spawnApi } from '../helpers/api-process';
import { sumInText } from './scrape';

/*
 * The metrics listener of a running API process (src/server.ts) and of the cluster
 * primary (src/cluster.ts): its own port, never the API's.
 */

const SECRETS = {
  SESSION_SECRET: 'metrics-test-session-secret-long-enough-0123',
  UNSUBSCRIBE_SECRET: 'metrics-test-unsubscribe-secret-long-enough-45',
  POST_PREVIEW_SECRET: 'metrics-test-post-preview-secret-long-enough-67',
  METRICS_TOKEN: 'metrics-test-token-0123456789',
  LOG_LEVEL: 'warn',
};
const databaseUrl = process.env.TEST_DATABASE_URL;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitFor(api: SpawnedApi, url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void api.exited.then((code) => (exitCode = code));
  for (;;) {
    if (exitCode !== undefined) throw new Error(`API exited (${exitCode}):\n${api.output()}`);
    const status = await fetch(url).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`${url} never answered:\n${api.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stop(api: SpawnedApi | undefined) {
  if (!api || api.child.exitCode !== null) return;
  api.child.kill('SIGTERM');
  await api.exited;
}

const scrape = async (port: number) => {
  const url = `http://127.0.0.1:${port}/metrics`;
  // METRICS_TOKEN reaches the listener (issue 31): without it, 401.
  expect((await fetch(url)).status).toBe(401);
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${SECRETS.METRICS_TOKEN}` },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
};

describe('the API process', () => {
  let api: SpawnedApi | undefined;
  let apiPort: number;
  let metricsPort: number;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    [apiPort, metricsPort] = await Promise.all([freePort(), freePort()]);
    database = databaseUrl ? await createTestDatabase(databaseUrl) : undefined;
    api = spawnApi('src/server.ts', {
      ...SECRETS,
      API_PORT: String(apiPort),
      API_METRICS_PORT: String(metricsPort),
      API_METRICS_HOST: '127.0.0.1',
      ...(database ? { DATABASE_URL: database.url! } : { DATABASE_URL: '' }),
    });
    await waitFor(api, `http://127.0.0.1:${apiPort}/api/health`);
  }, 90_000);
  afterAll(async () => {
    await stop(api);
    await database?.destroy();
  });

  it('serves GET /metrics on API_METRICS_PORT: requests, event loop, heap, GC, database', async () => {
    for (let i = 0; i < 4; i += 1) await fetch(`http://127.0.0.1:${apiPort}/api/health`);
    const text = await scrape(metricsPort);
    expect(
      sumInText(text, 'http_requests_total', { route: '/api/health', status_code: '200' }),
    ).toBeGreaterThanOrEqual(5);
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
      'process_resident_memory_bytes',
      'wordloom_database_up',
      'wordloom_email_outbox_oldest_queued_age_seconds',
    ]) {
      expect(sumInText(text, name), name).toBeDefined();
    }
    expect(text).toContain('# TYPE nodejs_gc_duration_seconds histogram');
    expect(sumInText(text, 'wordloom_database_up')).toBe(1);
  });

  it('never on the API port, and nothing else on the metrics port', async () => {
    for (const path of ['/metrics', '/api/metrics']) {
      expect((await fetch(`http://127.0.0.1:${apiPort}${path}`)).status).toBe(404);
    }
    expect((await fetch(`http://127.0.0.1:${metricsPort}/api/health`)).status).toBe(404);
    expect(
      (await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { method: 'POST' })).status,
    ).toBe(404);
  });

  it('refuses to start with a bad API_METRICS_PORT, naming it', async () => {
    await Promise.all(
      ['nine', '70000', '-1'].map(async (value) => {
        const bad = spawnApi('src/server.ts', { ...SECRETS, API_METRICS_PORT: value });
        expect(await bad.exited).toBe(1);
        expect(bad.output()).toContain('API_METRICS_PORT');
      }),
    );
  }, 60_000);
});

describe.runIf(databaseUrl)('the cluster primary', () => {
  let api: SpawnedApi | undefined;
  let database: TestDatabase;
  let apiPort: number;
  let metricsPort: number;
  beforeAll(async () => {
    database = await createTestDatabase(databaseUrl);
    [apiPort, metricsPort] = await Promise.all([freePort(), freePort()]);
    api = spawnApi('src/cluster.ts', {
      ...SECRETS,
      API_INSTANCES: '3',
      API_PORT: String(apiPort),
      API_METRICS_PORT: String(metricsPort),
      API_METRICS_HOST: '127.0.0.1',
      DATABASE_URL: database.url!,
    });
    await waitFor(api, `http://127.0.0.1:${apiPort}/api/health`);
    // Every worker up: the primary says so once all three listen.
    const deadline = Date.now() + 60_000;
    while (!api.output().includes('with 3 workers') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 120_000);
  afterAll(async () => {
    await stop(api);
    await database.destroy();
  });

  it("serves one /metrics for all workers: the sum of every worker's requests", async () => {
    const before =
      sumInText(await scrape(metricsPort), 'http_requests_total', { route: '/api/posts' }) ?? 0;
    const requests = 30;
    // A new connection each: the primary hands them to its workers in turn.
    await Promise.all(
      Array.from({ length: requests }, () =>
        fetch(`http://127.0.0.1:${apiPort}/api/posts`, { headers: { connection: 'close' } }).then(
          (response) => response.arrayBuffer(),
        ),
      ),
    );
    const text = await scrape(metricsPort);
    expect(sumInText(text, 'http_requests_total', { route: '/api/posts' })).toBe(before + requests);
    // Database-wide gauges are not multiplied by the number of workers.
    expect(sumInText(text, 'wordloom_database_up')).toBe(1);
    expect(sumInText(text, 'wordloom_beta_seats_capacity')).toBe(
      sumInText(await scrape(metricsPort), 'wordloom_beta_seats_capacity'),
    );
    // Three processes' worth of heap: the default metrics come from every worker.
    expect(text).toContain('nodejs_heap_size_used_bytes');
    expect((await fetch(`http://127.0.0.1:${apiPort}/metrics`)).status).toBe(404);
  });
});
