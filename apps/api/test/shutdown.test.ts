import { createTestDatabase, type TestDatabase } from '@repo/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SpawnedApi, spawnApi } from './helpers/api-process';
import { loadConfig } from '../src/config';
import { prepareDatabase } from '../src/prepare-database';
import { type AdminSession, signInAdmin } from './helpers/admin';
import { type FakePostmark, startFakePostmark } from './helpers/fake-postmark';
import { type TestContext, validWaitlistSignup } from './helpers/test-app';

const serverUrl = process.env.TEST_DATABASE_URL;

const SECRETS = {
  SESSION_SECRET: 'shutdown-test-session-secret-long-enough-01',
  UNSUBSCRIBE_SECRET: 'shutdown-test-unsubscribe-secret-long-enough',
  POST_PREVIEW_SECRET: 'shutdown-test-post-preview-secret-long-enough',
};

/**
 * Rows in the export, each about 1 KB: more megabytes than the loopback socket
 * buffers and the client hold together (4,000 fitted once, under load, and the
 * export finished before SIGTERM).
 */
const EXPORT_ROWS = 16_000;
/** Welcome emails waiting for the worker when SIGTERM arrives: several batches' worth. */
const QUEUED = 60;

interface ApiProcess extends SpawnedApi {
  base: string;
}

/**
 * Starts the API on a random port. Below Linux's ephemeral range (32768-60999), so
 * that the outgoing connections of the test files running beside this one do not
 * hold it; and should another listener hold it anyway (EADDRINUSE), on another one.
 */
async function startApi(env: Record<string, string>): Promise<ApiProcess> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startApiOnPort(20_000 + Math.floor(Math.random() * 12_000), env);
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startApiOnPort(port: number, env: Record<string, string>): Promise<ApiProcess> {
  const { child, output, exited } = spawnApi('src/server.ts', {
    LOG_LEVEL: 'info',
    RATE_LIMIT_ENABLED: 'false',
    ADMIN_SETUP_TOKEN: '',
    API_PORT: String(port),
    ...SECRETS,
    ...env,
  });
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited at start:\n${output()}`);
    const up = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() - started > 60_000) {
      child.kill('SIGKILL');
      throw new Error(`the API did not start:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, base, output, exited };
}

/** Polls until `check` holds, or fails naming `what`. */
async function waitUntil(what: string, check: () => boolean | Promise<boolean>, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The connection is refused (nothing listens), as opposed to any HTTP answer. */
async function refused(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(5_000) });
    return false;
  } catch (error) {
    return (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';
  }
}

/**
 * SIGTERM with requests in flight (issue 9, "Faults"): the API stops accepting
 * connections, finishes what it started, stops the outbox worker after its
 * current batch, closes the pool and exits 0; past SHUTDOWN_TIMEOUT_MS it cuts
 * what is left and exits 1.
 */
describe.runIf(serverUrl)('graceful shutdown of the API process', () => {
  let database: TestDatabase;
  let fake: FakePostmark;
  let admin: AdminSession;

  beforeAll(async () => {
    database = await createTestDatabase();
    await prepareDatabase(database.db);
    const padding = 'p'.repeat(1_000);
    for (let start = 0; start < EXPORT_ROWS; start += 1_000) {
      await database.db
        .insertInto('waitlistEntries')
        .values(
          Array.from({ length: 1_000 }, (_, i) => ({
            email: `seeded-${start + i}@example.com`,
            firstName: 'Seeded',
            lastName: `Row ${start + i}`,
            companyName: 'Shutdown Ltd',
            primaryUse: 'Blog Writing',
            contentWorkflow: padding,
          })),
        )
        .execute();
    }
    // Only `database` and `config` of a test context are used to sign in.
    const config = loadConfig({ NODE_ENV: 'test', ...SECRETS });
    admin = await signInAdmin({ database, config } as TestContext);
    fake = await startFakePostmark();
  });

  afterAll(async () => {
    await fake?.close();
    await database?.destroy();
  });

  it('finishes in-flight requests and the outbox batch, refuses new connections, exits 0', async () => {
    // Postmark answers slowly: each batch of the worker (10 sends) takes about a second.
    fake.setMode({ kind: 'ok', delayMs: 1_000 });
    const api = await startApi({
      DATABASE_URL: database.url!,
      POSTMARK_SERVER_TOKEN: fake.token,
      POSTMARK_API_HOST: fake.host,
      POSTMARK_TIMEOUT_MS: '5000',
      EMAIL_WORKER_POLL_MS: '20',
      SHUTDOWN_TIMEOUT_MS: '20000',
    });
    try {
      const signup = (email: string) =>
        fetch(`${api.base}/api/waitlist`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(validWaitlistSignup({ email })),
        });
      // Welcome emails for the worker to deliver.
      for (let i = 0; i < QUEUED; i += 1)
        expect((await signup(`queued-${i}@example.com`)).status).toBe(201);

      // A large export, its reader paused: in flight until the test reads it.
      const exportResponse = await fetch(`${api.base}/api/admin/waitlist/export`, {
        headers: admin.headers,
      });
      expect(exportResponse.status).toBe(200);
      const reader = exportResponse.body!.getReader();
      const chunks: Uint8Array[] = [];
      const first = await reader.read();
      chunks.push(first.value!);

      // The worker is in the middle of a batch: a send awaits Postmark's answer.
      await waitUntil('a send in flight', () =>
        fake.requests.some((request) => request.path === '/email' && request.status === undefined),
      );

      // More signups, some perhaps still arriving as the signal lands.
      const late = Array.from({ length: 10 }, (_, i) => `late-${i}@example.com`);
      const lateAnswers = late.map((email) =>
        signup(email).then(
          (response) => response.status,
          () => 'not accepted' as const,
        ),
      );

      api.child.kill('SIGTERM');

      // New connections are refused while the export is still being served.
      await waitUntil('new connections refused', () => refused(`${api.base}/api/health`));
      expect(api.child.exitCode).toBeNull();

      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        chunks.push(chunk.value);
      }
      const csv = Buffer.concat(chunks).toString('utf8');
      const lines = csv.split('\r\n').filter((line) => line.includes('@example.com'));
      // Every seeded row, every row of the first signups: the answer is whole.
      expect(lines.length).toBeGreaterThanOrEqual(EXPORT_ROWS + QUEUED);

      const statuses = await Promise.all(lateAnswers);
      const stored = await database.db
        .selectFrom('waitlistEntries')
        .select('email')
        .where('email', 'in', late)
        .execute()
        .then((rows) => new Set(rows.map((row) => row.email)));
      late.forEach((email, i) => {
        // Answered 201 and stored, or never accepted (and not stored); never a 5xx.
        if (statuses[i] === 201) expect(stored.has(email)).toBe(true);
        else {
          expect(statuses[i]).toBe('not accepted');
          expect(stored.has(email)).toBe(false);
        }
      });

      expect(await api.exited).toBe(0);
      expect(api.output()).toContain('shutdown complete');

      // The worker finished its batch before the pool closed: nothing left mid-send,
      // and every email Postmark took is recorded as sent.
      const { rows } = await sql<{ id: string; status: string }>`
        select id, status from email_outbox
      `.execute(database.db);
      expect(rows.filter((row) => row.status === 'sending')).toEqual([]);
      // It stopped after that batch rather than draining the rest: those wait in the queue.
      expect(rows.filter((row) => row.status === 'queued').length).toBeGreaterThan(0);
      const sent = new Set(rows.filter((row) => row.status === 'sent').map((row) => row.id));
      expect(fake.accepted.length).toBeGreaterThan(0);
      for (const email of fake.accepted) expect(sent.has(email.Metadata!.outbox_id!)).toBe(true);
    } finally {
      api.child.kill('SIGKILL');
    }
  });

  it('past SHUTDOWN_TIMEOUT_MS, cuts what is left and exits 1 with a log line', async () => {
    fake.setMode({ kind: 'ok' });
    const api = await startApi({ DATABASE_URL: database.url!, SHUTDOWN_TIMEOUT_MS: '1000' });
    try {
      // A client that stops reading a large export never lets its request finish.
      const stalled = await fetch(`${api.base}/api/admin/waitlist/export`, {
        headers: admin.headers,
      });
      expect(stalled.status).toBe(200);
      const reader = stalled.body!.getReader();
      await reader.read();

      api.child.kill('SIGTERM');
      expect(await api.exited).toBe(1);
      expect(api.output()).toContain('SHUTDOWN_TIMEOUT_MS');
      await reader.cancel().catch(() => undefined);
    } finally {
      api.child.kill('SIGKILL');
    }
  });

  it('refuses to start with an invalid SHUTDOWN_TIMEOUT_MS, naming it', async () => {
    const api = spawnApi('src/server.ts', { ...SECRETS, SHUTDOWN_TIMEOUT_MS: 'soon' });
    expect(await api.exited).toBe(1);
    expect(api.output()).toContain('SHUTDOWN_TIMEOUT_MS');
  });
});
