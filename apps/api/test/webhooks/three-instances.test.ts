import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestDatabase, type TestDatabase } from '@repo/db/testing';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SpawnedApi, spawnApi } from '../helpers/api-process';
import { validWaitlistSignup } from '../helpers/test-app';
import {
  startWebhookReceiver,
  type WebhookReceiver,
  webhookHeaders,
} from '../helpers/webhook-receiver';

/*
 * Issue 34: three API processes on one database, each running the webhook worker:
 * every event reaches the receiver exactly once (`for update skip locked` and the
 * lease), whichever instance wrote it and whichever delivered it.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const SIGNUPS = 45;
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.runIf(databaseUrl)('webhooks with three API instances', () => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  let apis: (SpawnedApi & { url: string })[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(databaseUrl);
    receiver = await startWebhookReceiver();
    const ports = await Promise.all([1, 2, 3].map(() => freePort()));
    apis = ports.map((port) => ({
      ...spawnApi('src/server.ts', {
        LOG_LEVEL: 'warn',
        API_PORT: String(port),
        DATABASE_URL: database.url!,
        DATABASE_POOL_SIZE: '5',
        RATE_LIMIT_ENABLED: 'false',
        SESSION_SECRET: 'webhook-cluster-session-secret-long-enough-01',
        UNSUBSCRIBE_SECRET: 'webhook-cluster-unsubscribe-secret-long-enough',
        POST_PREVIEW_SECRET: 'webhook-cluster-post-preview-secret-long-enough',
        ADMIN_SETUP_TOKEN: 'webhook-cluster-setup-token-0123456789',
        WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true',
        WEBHOOK_WORKER_POLL_MS: '20',
      }),
      url: `http://127.0.0.1:${port}`,
    }));
    await Promise.all(
      apis.map((api) =>
        waitUntil(
          async () => {
            if (api.child.exitCode !== null) throw new Error(`API exited:\n${api.output()}`);
            return fetch(`${api.url}/api/health`)
              .then((response) => response.ok)
              .catch(() => false);
          },
          90_000,
          'the API is healthy',
        ),
      ),
    );
    await database.db
      .insertInto('webhookEndpoints')
      .values({ url: `${receiver.url}/hook`, events: ['waitlist.signed_up'], secret: SECRET })
      .execute();
  }, 120_000);

  afterAll(async () => {
    for (const api of apis) api.child.kill('SIGTERM');
    await Promise.all(apis.map((api) => api.exited));
    await receiver?.close();
    await database?.destroy();
  }, 30_000);

  it('delivers each event exactly once, though every instance runs a worker', async () => {
    const statuses = await Promise.all(
      Array.from({ length: SIGNUPS }, (_, index) =>
        fetch(`${apis[index % 3]!.url}/api/waitlist`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(validWaitlistSignup()),
        }).then((response) => response.status),
      ),
    );
    expect(statuses).toEqual(statuses.map(() => 201));
    await waitUntil(
      async () => {
        const open = await database.db
          .selectFrom('webhookDeliveries')
          .select('id')
          .where('state', '!=', 'succeeded')
          .execute();
        return open.length === 0;
      },
      60_000,
      'every delivery succeeded',
    );
    const events = await database.db.selectFrom('webhookEvents').select('id').execute();
    expect(events).toHaveLength(SIGNUPS);
    const counts = new Map<string, number>();
    for (const request of receiver.received) {
      new Webhook(SECRET).verify(request.body, webhookHeaders(request.headers));
      const id = String(request.headers['webhook-id']);
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    expect([...counts.values()].filter((times) => times !== 1)).toEqual([]);
    expect([...counts.keys()].sort()).toEqual(events.map((event) => event.id).sort());
    const attempts = await database.db.selectFrom('webhookAttempts').select('id').execute();
    expect(attempts).toHaveLength(SIGNUPS);
  }, 90_000);
});
