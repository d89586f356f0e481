import { randomBytes } from 'node:crypto';
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { migrations } from '@repo/db';
import { createTestDatabase, type TestDatabase } from '@repo/db/testing';
import { BETA_CAP } from '@repo/validation';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SpawnedApi, spawnApi } from './helpers/api-process';
import { type FakePostmark, startFakePostmark } from './helpers/fake-postmark';
import { validWaitlistSignup } from './helpers/test-app';

/*
 * Three API processes started together on one fresh PostgreSQL database and one
 * Redis, as a load balancer would see them: everything they must agree on (schema,
 * sessions, rate limits, the outbox, the beta cap) lives in the shared stores.
 */

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

const ADMIN_URL = 'http://console.cluster.test';
const SETUP_TOKEN = 'cluster-test-setup-token-0123456789';
const SECRETS = {
  SESSION_SECRET: 'cluster-test-session-secret-long-enough-0123',
  UNSUBSCRIBE_SECRET: 'cluster-test-unsubscribe-secret-long-enough-45',
  POST_PREVIEW_SECRET: 'cluster-test-post-preview-secret-long-enough-67',
};
const WAITLIST_FOR_APPROVAL = BETA_CAP + 30;
const SIGNUPS = 60;
const POOL_SIZE = 10;

/**
 * A client address no other run (or test file) shares, so Redis counters left by
 * others never count against this one: the IPv6 documentation prefix, random bits.
 */
function uniqueAddress(): string {
  const hex = randomBytes(8).toString('hex').match(/.{4}/g)!;
  return `2001:db8:${hex.join(':')}:1`;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface ApiProcess extends SpawnedApi {
  url: string;
}

function startApi(entry: string, env: Record<string, string>): ApiProcess {
  const api = spawnApi(entry, { LOG_LEVEL: 'warn', ...SECRETS, ...env });
  return { ...api, url: `http://127.0.0.1:${env.API_PORT}` };
}

/** Waits for a 200 from /api/health; fails at once with its output if the process exits. */
async function waitHealthy(api: ApiProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void api.exited.then((code) => (exitCode = code));
  for (;;) {
    if (exitCode !== undefined) throw new Error(`API exited (${exitCode}):\n${api.output()}`);
    const status = await fetch(`${api.url}/api/health`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`API not healthy:\n${api.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** SIGTERM, then SIGKILL if the process has not exited within 10 s. */
async function stopApi(api: ApiProcess): Promise<number | null> {
  if (api.child.exitCode !== null || api.child.signalCode !== null) return api.exited;
  api.child.kill('SIGTERM');
  const timer = setTimeout(() => api.child.kill('SIGKILL'), 10_000);
  const code = await api.exited;
  clearTimeout(timer);
  return code;
}

/** One instance's way to the fake Postmark, counting the emails it sends. */
interface MailRelay {
  host: string;
  sent: () => number;
  close: () => Promise<void>;
}

async function startMailRelay(target: string): Promise<MailRelay> {
  const [targetHost, targetPort] = target.split(':');
  let sent = 0;
  const server: Server = createServer((request, response) => {
    if (request.method === 'POST' && request.url === '/email') sent += 1;
    const upstream = forward(
      {
        host: targetHost,
        port: Number(targetPort),
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    sent: () => sent,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The `name=value` of the session cookie a response sets. */
function cookieOf(response: Response): string {
  const cookie = response.headers.getSetCookie().at(-1);
  if (!cookie) throw new Error(`no cookie set (${response.status})`);
  return cookie.split(';')[0]!;
}

/** Runs `task` over `items` with at most `limit` running at a time; results in order. */
async function inParallel<T, R>(
  items: T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.runIf(databaseUrl && redisUrl)(
  'three API instances on one PostgreSQL and one Redis',
  () => {
    let database: TestDatabase;
    let postmark: FakePostmark;
    let relays: MailRelay[] = [];
    let apis: ApiProcess[] = [];
    /** The three instances' base URLs; request i goes to `at(i)`, round-robin. */
    const at = (index: number) => apis[index % apis.length]!.url;
    const adminAddress = uniqueAddress();
    let adminCookie = '';

    const admin = (index: number, pathname: string, init: RequestInit = {}) =>
      fetch(`${at(index)}${pathname}`, {
        ...init,
        headers: {
          ...(init.body ? { 'content-type': 'application/json' } : {}),
          origin: ADMIN_URL,
          'x-forwarded-for': adminAddress,
          ...(adminCookie ? { cookie: adminCookie } : {}),
          ...(init.headers as Record<string, string> | undefined),
        },
      });

    const signUp = (index: number, address: string) =>
      fetch(`${at(index)}/api/waitlist`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify(validWaitlistSignup()),
      });

    beforeAll(async () => {
      // A fresh database: no schema yet, so the three instances race to migrate it.
      database = await createTestDatabase(databaseUrl);
      postmark = await startFakePostmark();
      relays = await Promise.all([1, 2, 3].map(() => startMailRelay(postmark.host)));
      const ports = await Promise.all([1, 2, 3].map(() => freePort()));
      apis = ports.map((port, index) =>
        startApi('src/server.ts', {
          API_PORT: String(port),
          DATABASE_URL: database.url!,
          DATABASE_POOL_SIZE: String(POOL_SIZE),
          REDIS_URL: redisUrl!,
          RATE_LIMIT_ENABLED: 'true',
          RATE_LIMIT_FORMS_MAX: '3',
          RATE_LIMIT_MAX: '100000',
          RATE_LIMIT_AUTH_MAX: '100',
          TRUST_PROXY: 'loopback',
          ADMIN_SETUP_TOKEN: SETUP_TOKEN,
          ADMIN_URL,
          EMAIL_WORKER_POLL_MS: '50',
          POSTMARK_SERVER_TOKEN: postmark.token,
          POSTMARK_API_HOST: relays[index]!.host,
        }),
      );
      await Promise.all(apis.map((api) => waitHealthy(api)));
    }, 90_000);

    afterAll(async () => {
      const codes = await Promise.all(apis.map(stopApi));
      expect(codes).toEqual(apis.map(() => 0));
      await Promise.all(relays.map((relay) => relay.close()));
      await postmark?.close();
      await database?.destroy();
    }, 30_000);

    it('ran the migrations once: every one recorded, every instance healthy', async () => {
      const { rows } = await sql<{
        name: string;
      }>`select name from kysely_migration order by name`.execute(database.db);
      expect(rows.map((row) => row.name)).toEqual(Object.keys(migrations).sort());
      for (const api of apis) {
        expect(api.child.exitCode).toBeNull();
        const health = await fetch(`${api.url}/api/health`);
        expect(await health.json()).toEqual({ status: 'ok', database: 'up' });
      }
    });

    it('shares sessions: signed in on one instance, known on the others; signed out on one, gone on all', async () => {
      const registered = await admin(0, '/api/register', {
        method: 'POST',
        body: JSON.stringify({
          username: 'operator',
          password: 'cluster operator passphrase',
          email: 'operator@wordloom.ai',
          name: 'Operator',
          setupToken: SETUP_TOKEN,
        }),
      });
      expect(registered.status).toBe(201);
      adminCookie = cookieOf(registered);

      for (const index of [1, 2]) {
        const user = await admin(index, '/api/user');
        expect(user.status).toBe(200);
        expect(await user.json()).toMatchObject({ username: 'operator', status: 'active' });
      }

      expect((await admin(2, '/api/logout', { method: 'POST' })).status).toBe(200);
      const afterLogout = await admin(0, '/api/user');
      expect(afterLogout.status).toBe(401);
      expect(await afterLogout.json()).toMatchObject({ message: expect.any(String) });

      // Signed in again (on another instance) for the admin work below.
      adminCookie = '';
      const login = await admin(1, '/api/login', {
        method: 'POST',
        body: JSON.stringify({ username: 'operator', password: 'cluster operator passphrase' }),
      });
      expect(login.status).toBe(200);
      adminCookie = cookieOf(login);
      expect((await admin(2, '/api/user')).status).toBe(200);
    });

    it('shares rate limits: one visitor gets the forms limit once across the three, not three times', async () => {
      const visitor = uniqueAddress();
      const statuses: number[] = [];
      for (let index = 0; index < 6; index += 1) {
        const response = await signUp(index, visitor);
        statuses.push(response.status);
        if (response.status === 429) {
          expect(await response.json()).toMatchObject({ type: 'rate_limited' });
        }
      }
      // Per-instance counters would allow 3 on each instance: six 201s.
      expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
    });

    it('holds the beta cap when approvals arrive at different instances at once', async () => {
      const base = Date.now() - WAITLIST_FOR_APPROVAL * 1000;
      const entries = await database.db
        .insertInto('waitlistEntries')
        .values(
          Array.from({ length: WAITLIST_FOR_APPROVAL }, (_, index) => ({
            email: `approval-${index}@example.com`,
            firstName: `First${index}`,
            lastName: `Last${index}`,
            companyName: `Company ${index}`,
            primaryUse: 'Blog Writing',
            createdAt: new Date(base + index * 1000),
          })),
        )
        .returning('id')
        .execute();

      // All of them at once, as many in flight on each instance as it has database
      // connections: every approval then races the others for the cap, none waits for a
      // connection. (An unbounded burst queues for the pool past its 2 s wait: 503.)
      const started = Date.now();
      const answers = await inParallel(entries, 3 * POOL_SIZE, async ({ id }, index) => {
        const response = await admin(index, `/api/admin/beta/approve/${id}`, { method: 'POST' });
        return { status: response.status, body: (await response.json()) as { type?: string } };
      });
      console.log(
        `cluster test: ${entries.length} approvals answered in ${Date.now() - started} ms`,
      );
      const count = (status: number) => answers.filter((answer) => answer.status === status).length;
      expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
      expect(count(201)).toBe(BETA_CAP);
      expect(count(409)).toBe(WAITLIST_FOR_APPROVAL - BETA_CAP);
      for (const answer of answers.filter((a) => a.status === 409)) {
        expect(answer.body.type).toBe('beta_full');
      }
      const { participants } = await database.db
        .selectFrom('betaParticipants')
        .select((eb) => eb.fn.countAll<number>().as('participants'))
        .executeTakeFirstOrThrow();
      expect(Number(participants)).toBe(BETA_CAP);
    }, 60_000);

    it('sends every queued email exactly once, though every instance runs an outbox worker', async () => {
      let started = Date.now();
      const statuses = await inParallel(
        Array.from({ length: SIGNUPS }, () => uniqueAddress()),
        3 * POOL_SIZE,
        (address, index) => signUp(index, address).then((response) => response.status),
      );
      expect(statuses).toEqual(statuses.map(() => 201));
      console.log(`cluster test: ${SIGNUPS} signups answered in ${Date.now() - started} ms`);
      started = Date.now();

      // The welcomes above, the three from the rate-limit test and the invitations.
      const outbox = await database.db.selectFrom('emailOutbox').select(['id', 'status']).execute();
      expect(outbox.length).toBe(SIGNUPS + 3 + BETA_CAP);
      await waitUntil(
        async () => {
          const pending = await database.db
            .selectFrom('emailOutbox')
            .select('id')
            .where('status', '!=', 'sent')
            .execute();
          return pending.length === 0;
        },
        45_000,
        'the outbox is drained',
      );

      const received = new Map<string, number>();
      for (const email of postmark.accepted) {
        const id = email.Metadata?.outbox_id ?? '(none)';
        received.set(id, (received.get(id) ?? 0) + 1);
      }
      const duplicates = [...received].filter(([, times]) => times > 1);
      expect(duplicates).toEqual([]);
      expect([...received.keys()].sort()).toEqual(outbox.map((row) => row.id).sort());

      const perInstance = relays.map((relay) => relay.sent());
      console.log(
        `cluster test: ${outbox.length} emails sent in ${Date.now() - started} ms, per instance ${perInstance.join(' / ')}`,
      );
      expect(perInstance.reduce((sum, sent) => sum + sent, 0)).toBe(outbox.length);
      // The workers really competed for the same rows (not one instance doing it all).
      expect(perInstance.filter((sent) => sent > 0).length).toBeGreaterThanOrEqual(2);
    }, 60_000);
  },
);

describe.runIf(databaseUrl)('pnpm start:cluster (Node cluster module)', () => {
  let database: TestDatabase;
  let primary: ApiProcess | undefined;

  beforeAll(async () => {
    database = await createTestDatabase(databaseUrl);
  });

  afterAll(async () => {
    if (primary) await stopApi(primary);
    await database?.destroy();
  }, 30_000);

  /** The primary's log lines (JSON) with a given message. */
  const logged = (msg: string) =>
    primary!
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg?: string; workerPid?: number })
      .filter((line) => line.msg?.includes(msg));

  it('runs two workers on one port, replaces one that dies, and stops with exit code 0 on SIGTERM', async () => {
    const port = await freePort();
    primary = startApi('src/cluster.ts', {
      API_INSTANCES: '2',
      API_PORT: String(port),
      DATABASE_URL: database.url!,
      DATABASE_POOL_SIZE: '3',
      LOG_LEVEL: 'info',
      ADMIN_SETUP_TOKEN: '',
      REDIS_URL: '',
    });
    await waitUntil(
      async () => logged('API worker listening').length === 2,
      60_000,
      'both workers listen',
    );
    await waitHealthy(primary);

    // One setup token for the installation, printed once, and every worker accepts it.
    await waitUntil(async () => logged('setup token').length > 0, 10_000, 'the token is logged');
    const tokens = primary.output().match(/setup token: (\S+)/g) ?? [];
    expect(tokens).toHaveLength(1);
    const token = tokens[0]!.slice('setup token: '.length);
    const register = await fetch(`${primary.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'operator',
        password: 'cluster operator passphrase',
        email: 'operator@wordloom.ai',
        name: 'Operator',
        setupToken: token,
      }),
    });
    expect(register.status).toBe(201);

    const [first, second] = logged('API worker listening').map((line) => line.workerPid!);
    process.kill(first!, 'SIGKILL');
    await waitUntil(
      async () => logged('API worker listening').length === 3,
      60_000,
      'a new worker replaces the one killed',
    );
    const replacement = logged('API worker listening')[2]!.workerPid!;
    expect(replacement).not.toBe(first);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await fetch(`${primary.url}/api/health`)).status).toBe(200);
    }

    primary.child.kill('SIGTERM');
    expect(await primary.exited).toBe(0);
    for (const pid of [second!, replacement]) {
      expect(() => process.kill(pid, 0)).toThrow(); // gone with the primary
    }
  }, 90_000);
});
