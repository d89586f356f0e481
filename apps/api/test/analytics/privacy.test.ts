import { createTestDatabase } from '@repo/db/testing';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { useTestContext } from '../helpers/use-context';
import retention, { purgeExpiredAnalytics } from '../../src/plugins/app/retention';
import { configPlugin, dbPlugin } from '../../src/plugins/external/core';
import { prepareDatabase } from '../../src/prepare-database';
import { createTestContext } from '../helpers/test-app';

const BROWSER =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

const ctx = useTestContext();

const event = (overrides: Record<string, unknown> = {}) => ({
  type: 'page_view',
  path: '/',
  timestamp: new Date().toISOString(),
  data: { sessionId: 'privacy' },
  ...overrides,
});

function send(events: unknown[], userAgent = BROWSER) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/analytics/events',
    headers: { 'user-agent': userAgent },
    payload: { events },
  });
}

function storedFor(sessionId: string) {
  return ctx.database.db
    .selectFrom('analyticsEvents')
    .select(['type', 'data'])
    .where('sessionId', '=', sessionId)
    .execute();
}

describe('analytics from bots', () => {
  it.each([
    ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
    [
      'headless Chrome',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
    ],
    ['curl', 'curl/8.5.0'],
  ])('are answered as accepted and not stored (%s)', async (_label, userAgent) => {
    const sessionId = `bot-${_label}`;
    const response = await send([event({ data: { sessionId } })], userAgent);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 1, rejected: [] });
    expect(await storedFor(sessionId)).toEqual([]);
  });

  it('are told apart from a browser, whose events are stored', async () => {
    const response = await send([event({ data: { sessionId: 'human' } })]);
    expect(response.statusCode).toBe(202);
    expect(await storedFor('human')).toHaveLength(1);
  });
});

describe('form_submit events', () => {
  it('keep the form, the step and which fields were filled, never a typed value', async () => {
    const response = await send([
      event({
        type: 'form_submit',
        data: {
          sessionId: 'form-new',
          referrer: 'direct',
          formId: 'waitlist-form-page',
          step: 3,
          fields: { email: true, message: false, 'ada@example.com': true },
          email: 'ada@example.com',
          note: 'call me on +44 20 7946 0000',
        },
      }),
    ]);
    expect(response.statusCode).toBe(202);
    const [row] = await storedFor('form-new');
    expect(row!.data).toEqual({
      sessionId: 'form-new',
      referrer: 'direct',
      formId: 'waitlist-form-page',
      step: 3,
      fields: { email: true, message: false, note: true },
    });
    expect(JSON.stringify(row!.data)).not.toContain('ada@example.com');
    expect(JSON.stringify(row!.data)).not.toContain('7946');
  });

  it('from an older tracker (values beside formId) become filled flags', async () => {
    await send([
      event({
        type: 'form_submit',
        data: {
          sessionId: 'form-legacy',
          formId: 'contact-form',
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          company: '',
          message: 'Please call me back',
        },
      }),
    ]);
    const [row] = await storedFor('form-legacy');
    expect(row!.data).toEqual({
      sessionId: 'form-legacy',
      formId: 'contact-form',
      fields: { name: true, email: true, company: false, message: true },
    });
  });

  it('never keep a form name that looks like an address', async () => {
    await send([
      event({ type: 'form_submit', data: { sessionId: 'form-id', formId: 'ada@example.com' } }),
    ]);
    const [row] = await storedFor('form-id');
    expect(row!.data).toMatchObject({ formId: 'form', fields: {} });
  });

  it('other event types keep their data as before', async () => {
    await send([
      event({
        type: 'button_click',
        data: { sessionId: 'click', buttonId: 'hero-cta', buttonText: 'Join' },
      }),
    ]);
    const [row] = await storedFor('click');
    expect(row!.data).toEqual({ sessionId: 'click', buttonId: 'hero-cta', buttonText: 'Join' });
  });
});

describe('the analytics rate limit', () => {
  it('answers 429 past RATE_LIMIT_ANALYTICS_MAX batches a minute from one address', async () => {
    const limited = await createTestContext({
      RATE_LIMIT_ENABLED: 'true',
      RATE_LIMIT_ANALYTICS_MAX: '3',
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/analytics/events',
          headers: { 'user-agent': BROWSER },
          payload: { events: [event({ data: { sessionId: 'limited' } })] },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([202, 202, 202, 429, 429]);
      // The global limit (600) would not have stopped them: the route's own limit did.
      expect(limited.config.RATE_LIMIT_MAX).toBeGreaterThan(5);
    } finally {
      await limited.close();
    }
  });
});

describe('analytics retention', () => {
  const DAY = 24 * 60 * 60 * 1000;

  async function insertReceived(sessionId: string, daysAgo: number) {
    await ctx.database.db
      .insertInto('analyticsEvents')
      .values({
        type: 'page_view',
        path: '/',
        sessionId,
        occurredAt: new Date(Date.now() - daysAgo * DAY),
        receivedAt: new Date(Date.now() - daysAgo * DAY),
        data: JSON.stringify({ sessionId }),
      })
      .execute();
  }

  it('defaults to 395 days (about 13 months)', () => {
    expect(ctx.config.ANALYTICS_RETENTION_DAYS).toBe(395);
  });

  it('purges events received before the retention window and keeps the rest', async () => {
    await insertReceived('retention-old', 400);
    await insertReceived('retention-old', 396);
    await insertReceived('retention-recent', 394);
    await insertReceived('retention-recent', 1);
    const deleted = await purgeExpiredAnalytics(ctx.database.db, 395);
    expect(deleted).toBe(2);
    expect(await storedFor('retention-old')).toEqual([]);
    expect(await storedFor('retention-recent')).toHaveLength(2);
  });

  it('is scheduled daily by the server (background work on), never by a test app', async () => {
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');
    try {
      const daily = () => setIntervalSpy.mock.calls.filter(([, ms]) => ms === DAY).length;
      const quiet = await createTestContext();
      await quiet.close();
      expect(daily()).toBe(0);
      const server = await createTestContext({}, undefined, { startEmailWorker: true });
      await server.close();
      expect(daily()).toBe(1);
    } finally {
      setIntervalSpy.mockRestore();
    }
  });

  it('runs shortly after start when background work is on, and stops its timers on close', async () => {
    const database = await createTestDatabase();
    try {
      await prepareDatabase(database.db);
      const config = { ...ctx.config, ANALYTICS_RETENTION_DAYS: 30 };
      await database.db
        .insertInto('analyticsEvents')
        .values({
          type: 'page_view',
          path: '/',
          sessionId: 'timer',
          occurredAt: new Date(Date.now() - 31 * DAY),
          receivedAt: new Date(Date.now() - 31 * DAY),
          data: JSON.stringify({ sessionId: 'timer' }),
        })
        .execute();
      const count = async () =>
        (await database.db.selectFrom('analyticsEvents').select('id').execute()).length;

      // Without background work nothing is purged.
      const quiet = Fastify();
      await quiet.register(configPlugin, { config });
      await quiet.register(dbPlugin, { db: database.db });
      await quiet.register(retention, { startTimer: false, firstRunDelayMs: 1 });
      await quiet.ready();
      await new Promise((resolve) => setTimeout(resolve, 100));
      await quiet.close();
      expect(await count()).toBe(1);

      const app = Fastify();
      await app.register(configPlugin, { config });
      await app.register(dbPlugin, { db: database.db });
      await app.register(retention, { startTimer: true, firstRunDelayMs: 10 });
      await app.ready();
      await expect.poll(count, { timeout: 5_000 }).toBe(0);
      await app.close();
    } finally {
      await database.destroy();
    }
  });
});
