import { createDatabase } from '@repo/db';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createApiMetrics } from '../../src/metrics/api-metrics';
import { insertParticipants, seatsHeld } from '../helpers/seats';
import { createTestContext, validWaitlistSignup } from '../helpers/test-app';
import { useTestContext } from '../helpers/use-context';
import { labelValues, sampleOf } from './scrape';

const ctx = useTestContext();
const registry = () => ctx.app.metrics.registry;

describe('RED metrics by route pattern', () => {
  it('counts each answer under its route pattern, method and status, with its duration', async () => {
    const labels = { method: 'GET', route: '/api/health', status_code: '200' };
    const before = (await sampleOf(registry(), 'http_requests_total', labels)) ?? 0;
    const durationsBefore =
      (await sampleOf(registry(), 'http_request_duration_seconds_count', labels)) ?? 0;
    for (let i = 0; i < 3; i += 1) {
      expect((await ctx.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    }
    expect(await sampleOf(registry(), 'http_requests_total', labels)).toBe(before + 3);
    expect(await sampleOf(registry(), 'http_request_duration_seconds_count', labels)).toBe(
      durationsBefore + 3,
    );
    const inf = await sampleOf(registry(), 'http_request_duration_seconds_bucket', {
      ...labels,
      le: '+Inf',
    });
    expect(inf).toBe(durationsBefore + 3);
  });

  it('never makes a label of a raw URL: tokens share their pattern, unknown paths one fixed label', async () => {
    for (let i = 0; i < 5; i += 1) {
      const token = Math.random().toString(36).slice(2);
      await ctx.app.inject({ url: `/api/posts/no-such-post-${token}` });
      const random = await ctx.app.inject({ url: `/api/nothing-here-${token}` });
      expect(random.statusCode).toBe(404);
      await ctx.app.inject({ url: `/totally/${token}?x=${token}` });
    }
    const routes = await labelValues(registry(), 'http_requests_total', 'route');
    expect(routes).toContain('/api/posts/:slug');
    expect(routes).toContain('unmatched');
    expect([...routes].filter((route) => /nothing-here|totally|no-such-post/.test(route))).toEqual(
      [],
    );
    expect(
      await sampleOf(registry(), 'http_requests_total', {
        method: 'GET',
        route: 'unmatched',
        status_code: '404',
      }),
    ).toBeGreaterThanOrEqual(10);
  });
});

describe('the database, the outbox and the seats, read at scrape time', () => {
  // The app's own registry keeps a reading for 5 s; these tests change rows between scrapes.
  let uncached: ReturnType<typeof createApiMetrics> | undefined;
  const registry = () => {
    uncached ??= createApiMetrics(ctx.database.db, { snapshotMaxAgeMs: 0 });
    return uncached.registry;
  };

  it('reads the database once for a flood of scrapes, and again once the reading is older than its maximum age (5 s in the app)', async () => {
    let queries = 0;
    const counted = ctx.database.db.withPlugin({
      transformQuery: (args) => {
        queries += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const metrics = createApiMetrics(counted, { snapshotMaxAgeMs: 300 });
    await metrics.registry.metrics();
    const perReading = queries;
    expect(perReading).toBeGreaterThan(0);
    await Promise.all(Array.from({ length: 50 }, () => metrics.registry.metrics()));
    for (let scrape = 0; scrape < 20; scrape += 1) await metrics.registry.metrics();
    expect(queries).toBe(perReading);
    await new Promise((resolve) => setTimeout(resolve, 350));
    await Promise.all(Array.from({ length: 10 }, () => metrics.registry.metrics()));
    expect(queries).toBe(2 * perReading);
    expect(await sampleOf(metrics.registry, 'wordloom_database_up')).toBe(1);
  });

  it('shows the outbox by status and the age of its oldest queued message', async () => {
    const db = ctx.database.db;
    const message = (status: 'queued' | 'failed', minutesAgo: number) => ({
      stream: 'outbound' as const,
      templateId: 'waitlist-welcome',
      toEmail: `metrics-${Math.random()}@example.com`,
      subject: 'x',
      htmlBody: '<p>x</p>',
      textBody: 'x',
      status,
      nextAttemptAt: sql<Date>`now() + interval '1 hour'`,
      createdAt: sql<Date>`now() - make_interval(mins => ${minutesAgo})` as unknown as Date,
    });
    const counted = async (status: string) =>
      Number(
        (
          await db
            .selectFrom('emailOutbox')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('status', '=', status as 'queued')
            .executeTakeFirstOrThrow()
        ).n,
      );
    await db
      .insertInto('emailOutbox')
      .values([message('queued', 30), message('queued', 1), message('failed', 5)])
      .execute();
    const age = await sampleOf(registry(), 'wordloom_email_outbox_oldest_queued_age_seconds');
    expect(age).toBeGreaterThanOrEqual(30 * 60);
    expect(age).toBeLessThan(31 * 60);
    expect(await sampleOf(registry(), 'wordloom_email_outbox_messages', { status: 'queued' })).toBe(
      await counted('queued'),
    );
    expect(await sampleOf(registry(), 'wordloom_email_outbox_messages', { status: 'failed' })).toBe(
      await counted('failed'),
    );
    expect(await sampleOf(registry(), 'wordloom_database_up')).toBe(1);
  });

  it('shows the seats held against the cap', async () => {
    const before = await sampleOf(registry(), 'wordloom_beta_seats_held');
    expect(before).toBe(await seatsHeld(ctx));
    await insertParticipants(ctx, 2, 'active');
    await insertParticipants(ctx, 1, 'invited', -1); // lapsed: holds none
    expect(await sampleOf(registry(), 'wordloom_beta_seats_held')).toBe(before! + 2);
    expect(await sampleOf(registry(), 'wordloom_beta_seats_capacity')).toBeGreaterThan(0);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('shows the pool: in use, idle, waiting', async () => {
    await ctx.app.inject({ url: '/api/health' });
    const inUse = await sampleOf(registry(), 'wordloom_db_pool_connections', { state: 'in_use' });
    const idle = await sampleOf(registry(), 'wordloom_db_pool_connections', { state: 'idle' });
    expect(inUse).toBeGreaterThanOrEqual(0);
    expect(idle! + inUse!).toBeGreaterThan(0);
    // The scrape's own queries may be waiting for a connection as it reads the pool.
    expect(await sampleOf(registry(), 'wordloom_db_pool_waiting_queries')).toBeGreaterThanOrEqual(
      0,
    );
    expect(await sampleOf(registry(), 'wordloom_db_pool_max_connections')).toBeGreaterThan(0);
  });

  it('answers the scrape within its timeout when the database is down, saying so', async () => {
    const dead = await createDatabase({
      kind: 'postgres',
      url: 'postgres://postgres@127.0.0.1:1/none',
      connectionTimeoutMs: 5_000,
      acquireTimeoutMs: 5_000,
    });
    try {
      const metrics = createApiMetrics(dead.db);
      const started = Date.now();
      const text = await metrics.registry.metrics();
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(await sampleOf(metrics.registry, 'wordloom_database_up')).toBe(0);
      expect(text).toContain('wordloom_db_pool_waiting_queries');
      // No stale counts: the outbox series are left out until the database answers again.
      expect(
        await sampleOf(metrics.registry, 'wordloom_email_outbox_messages', { status: 'queued' }),
      ).toBe(undefined);
    } finally {
      await dead.close();
    }
  });
});

describe('rate-limit refusals', () => {
  it('counts each 429 under the route the limiter guards', async () => {
    const limited = await createTestContext({
      RATE_LIMIT_ENABLED: 'true',
      RATE_LIMIT_FORMS_MAX: '1',
    });
    try {
      const post = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/waitlist',
          payload: validWaitlistSignup(),
        });
      const labels = { route: '/api/waitlist' };
      expect(
        await sampleOf(limited.app.metrics.registry, 'wordloom_rate_limit_refusals_total', labels),
      ).toBe(undefined);
      expect((await post()).statusCode).not.toBe(429);
      const refused = [await post(), await post()];
      expect(refused.map((response) => response.statusCode)).toEqual([429, 429]);
      expect(refused[0]!.headers['x-request-id']).toBeTruthy();
      expect(
        await sampleOf(limited.app.metrics.registry, 'wordloom_rate_limit_refusals_total', labels),
      ).toBe(2);
    } finally {
      await limited.close();
    }
  });
});
