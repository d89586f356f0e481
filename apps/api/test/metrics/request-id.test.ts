import { createTestDatabase, type TestDatabase } from '@repo/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app';
import { prepareDatabase } from '../../src/prepare-database';
import { testConfig } from '../helpers/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** An API whose log lines are kept, trusting `trustProxy` as its TRUST_PROXY. */
async function loggedApi(trustProxy: string) {
  const lines: Record<string, unknown>[] = [];
  const app = await buildApp({
    config: testConfig({ LOG_LEVEL: 'info', TRUST_PROXY: trustProxy }),
    db: database.db,
    logStream: { write: (line) => void lines.push(JSON.parse(line)) },
  });
  await app.ready();
  return { app, lines };
}

let database: TestDatabase;
let trusting: Awaited<ReturnType<typeof loggedApi>>;
let distrustful: Awaited<ReturnType<typeof loggedApi>>;
beforeAll(async () => {
  database = await createTestDatabase();
  await prepareDatabase(database.db);
  // inject() comes from 127.0.0.1: a trusted proxy under 'loopback', a stranger under 'false'.
  trusting = await loggedApi('loopback');
  distrustful = await loggedApi('false');
});
afterAll(async () => {
  await trusting.app.close();
  await distrustful.app.close();
  await database.destroy();
});

const get = (app: App, url: string, id?: string) =>
  app.inject({ url, headers: id === undefined ? {} : { 'x-request-id': id } });

describe('x-request-id', () => {
  it("keeps a trusted proxy's id: in the answer and on every log line of the request", async () => {
    const id = `front-${Math.random().toString(36).slice(2)}:1.2_3`;
    const response = await get(trusting.app, '/api/posts', id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-request-id']).toBe(id);
    const mine = trusting.lines.filter((line) => line.reqId === id);
    expect(mine.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('answers with the id on 4xx and on errors raised before routing too', async () => {
    for (const [url, status] of [
      ['/api/no-such-route', 404],
      ['/api/posts/%', 400],
    ] as const) {
      const response = await get(trusting.app, url, `id-${status}`);
      expect(response.statusCode).toBe(status);
      expect(response.headers['x-request-id']).toBe(`id-${status}`);
    }
    const invalid = await trusting.app.inject({
      method: 'POST',
      url: '/api/waitlist',
      headers: { 'x-request-id': 'bad-signup-1' },
      payload: { email: 'not an address' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['x-request-id']).toBe('bad-signup-1');
    expect(trusting.lines.some((line) => line.reqId === 'bad-signup-1')).toBe(true);
  });

  it('logs no access line for the health probes, which call every few seconds', async () => {
    const response = await get(trusting.app, '/api/health', 'probe-1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-request-id']).toBe('probe-1');
    expect(trusting.lines.filter((line) => line.reqId === 'probe-1')).toEqual([]);
  });

  it("logs no access line for the site's servers' once-a-second posts-version polls (issue 23)", async () => {
    const response = await get(trusting.app, '/api/posts-version', 'poll-1');
    expect(response.statusCode).toBe(200);
    expect(trusting.lines.filter((line) => line.reqId === 'poll-1')).toEqual([]);
  });

  it('makes its own when none is given', async () => {
    const response = await get(trusting.app, '/api/health');
    expect(response.headers['x-request-id']).toMatch(UUID);
  });

  it('replaces an id from a peer TRUST_PROXY does not trust (a spoof)', async () => {
    const response = await get(distrustful.app, '/api/posts', 'spoofed-by-a-client');
    expect(response.headers['x-request-id']).toMatch(UUID);
    expect(distrustful.lines.some((line) => line.reqId === 'spoofed-by-a-client')).toBe(false);
  });

  it('replaces a hostile id even from a trusted proxy: too long, or not plain', async () => {
    for (const hostile of ['x'.repeat(10_000), 'x'.repeat(129), 'a b', 'a"b', 'a\u00e9b', 'a/b']) {
      const response = await get(trusting.app, '/api/health', hostile);
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-request-id']).toMatch(UUID);
    }
    // A line break cannot even reach the header through inject (it is refused as a header);
    // sent raw, the id is replaced too (see the process test).
    expect((await get(trusting.app, '/api/health', 'y'.repeat(128))).headers['x-request-id']).toBe(
      'y'.repeat(128),
    );
  });
});
