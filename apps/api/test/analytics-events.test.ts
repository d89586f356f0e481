import { ANALYTICS_MAX_EVENTS_PER_REQUEST } from '@repo/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

// light-my-request's default User-Agent reads as a bot, whose events are dropped.
const BROWSER_HEADERS = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
};

const event = (overrides: Record<string, unknown> = {}) => ({
  type: 'page_view',
  path: '/features',
  timestamp: new Date().toISOString(),
  data: { sessionId: 'session-abc', referrer: 'direct', userAgent: 'vitest' },
  ...overrides,
});

async function countEvents(sessionId: string) {
  const row = await ctx.database.db
    .selectFrom('analyticsEvents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sessionId', '=', sessionId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('POST /api/analytics/events', () => {
  it('stores a batch of valid events', async () => {
    const events = [
      event({ data: { sessionId: 's-1' } }),
      event({ type: 'scroll_depth', data: { sessionId: 's-1', depth: 50 } }),
      event({
        type: 'waitlist_step_completed',
        path: '/beta',
        data: { sessionId: 's-1', step_name: 'email', step_number: 1, total_steps: 7 },
      }),
    ];
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: BROWSER_HEADERS,
      payload: { events },
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 3 });
    expect(await countEvents('s-1')).toBe(3);
  });

  it('accepts a text/plain body, as navigator.sendBeacon may send', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: { ...BROWSER_HEADERS, 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ events: [event({ data: { sessionId: 'beacon' } })] }),
    });
    expect(response.statusCode).toBe(202);
    expect(await countEvents('beacon')).toBe(1);
  });

  it('rejects the whole batch, naming the bad event, and stores none of it', async () => {
    const events = [
      event({ data: { sessionId: 's-2' } }),
      event({ data: { sessionId: 's-2' } }),
      event({ type: 'scroll_depth', data: { sessionId: 's-2', depth: 'deep' } }),
    ];
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: BROWSER_HEADERS,
      payload: { events },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      type: 'invalid_event',
      message: expect.stringContaining('Event 2'),
    });
    expect(await countEvents('s-2')).toBe(0);
  });

  it('rejects unknown types, password fields and oversized batches', async () => {
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: BROWSER_HEADERS,
      payload: { events: [event({ type: 'mouse_move' })] },
    });
    expect(unknown.statusCode).toBe(400);
    const password = await ctx.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: BROWSER_HEADERS,
      payload: {
        events: [
          event({
            type: 'form_submit',
            data: { sessionId: 'x', formId: 'login', password: 'hunter2' },
          }),
        ],
      },
    });
    expect(password.statusCode).toBe(400);
    const tooMany = Array.from({ length: ANALYTICS_MAX_EVENTS_PER_REQUEST + 1 }, () => event());
    const big = await ctx.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: BROWSER_HEADERS,
      payload: { events: tooMany },
    });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toContain(String(ANALYTICS_MAX_EVENTS_PER_REQUEST));
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: BROWSER_HEADERS,
      payload: { events: [] },
    });
    expect(empty.statusCode).toBe(400);
  });
});
