import { ANALYTICS_MAX_EVENTS_PER_REQUEST } from '@repo/validation';
import { describe, expect, it } from 'vitest';
import { useTestContext } from '../helpers/use-context';

const ctx = useTestContext();

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

function send(payload: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/analytics/events',
    headers: { ...BROWSER_HEADERS, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
}

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
    expect(response.json()).toEqual({ accepted: 3, rejected: [] });
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

  it('stores the valid events of a batch and names the refused ones by index', async () => {
    const events = [
      event({ data: { sessionId: 's-2' } }),
      event({ type: 'scroll_depth', data: { sessionId: 's-2', depth: 'deep' } }),
      event({ data: { sessionId: 's-2' } }),
      event({ type: 'mouse_move', data: { sessionId: 's-2' } }),
    ];
    const response = await send({ events });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({
      accepted: 2,
      rejected: [
        { index: 1, message: expect.stringMatching(/^data\.depth: /) },
        { index: 3, message: 'type: Unknown event type' },
      ],
    });
    expect(await countEvents('s-2')).toBe(2);
  });

  it('refuses a batch with no valid event whole, naming every problem, and stores none of it', async () => {
    const events = [
      event({ type: 'scroll_depth', data: { sessionId: 's-3', depth: 'deep' } }),
      event({ path: 'no-slash', data: { sessionId: 's-3' } }),
    ];
    const response = await send({ events });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({
      type: 'invalid_event',
      message: expect.stringContaining('event 0: data.depth'),
    });
    expect(body.issues.map((issue: { path: string }) => issue.path)).toEqual([
      'events.0.data.depth',
      'events.1.path',
    ]);
    expect(await countEvents('s-3')).toBe(0);
  });

  it('rejects unknown types, password fields and oversized batches', async () => {
    const unknown = await send({ events: [event({ type: 'mouse_move' })] });
    expect(unknown.statusCode).toBe(400);
    const password = await send({
      events: [
        event({
          type: 'form_submit',
          data: { sessionId: 'x', formId: 'login', password: 'hunter2' },
        }),
      ],
    });
    expect(password.statusCode).toBe(400);
    const tooMany = Array.from({ length: ANALYTICS_MAX_EVENTS_PER_REQUEST + 1 }, () =>
      event({ data: { sessionId: 's-big' } }),
    );
    const big = await send({ events: tooMany });
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({
      type: 'invalid_batch',
      message: expect.stringContaining(String(ANALYTICS_MAX_EVENTS_PER_REQUEST)),
    });
    expect(await countEvents('s-big')).toBe(0);
    const empty = await send({ events: [] });
    expect(empty.statusCode).toBe(400);
  });

  it.each([
    ['no events', {}],
    ['events that are not a list', { events: { 0: event() } }],
    ['events as text', { events: 'page_view' }],
    ['a list instead of an object', [event()]],
    ['null', null],
  ])('refuses a batch with %s as a 400 in the error contract', async (_label, payload) => {
    const response = await send(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      type: expect.any(String),
      message: expect.any(String),
    });
  });

  it('refuses, one by one, events PostgreSQL could not store, and stores the rest', async () => {
    const deep = (levels: number) => {
      let value: unknown = 'bottom';
      for (let level = 0; level < levels; level++) value = [value];
      return value;
    };
    const bad = [
      event({ data: { sessionId: 's-4', note: 'a\u0000b' } }),
      event({ data: { sessionId: 's-4', ['k\u0000']: true } }),
      event({ data: { sessionId: 's-4', note: 'half \ud800 a pair' } }),
      event({ path: '/features\u0000', data: { sessionId: 's-4' } }),
      event({ timestamp: '0000-01-01T00:00:00Z', data: { sessionId: 's-4' } }),
      event({ timestamp: '2025-06-01T10:00:00+23:59', data: { sessionId: 's-4' } }),
      event({ data: { sessionId: 's-4', nested: deep(100) } }),
    ];
    const fine = event({
      timestamp: '2025-06-01T10:00:00+05:30',
      data: { sessionId: 's-4', note: 'emoji 😀 and ü', nested: deep(5) },
    });
    const response = await send({ events: [...bad, fine] });
    expect(response.statusCode).toBe(202);
    const body = response.json();
    expect(body.accepted).toBe(1);
    expect(body.rejected.map((refused: { index: number }) => refused.index)).toEqual(
      bad.map((_, index) => index),
    );
    expect(await countEvents('s-4')).toBe(1);
  });

  it('answers a batch nested as deep as the body limit allows with a 4xx, never a 500', async () => {
    const levels = 30_000;
    const nested = `${'['.repeat(levels)}${']'.repeat(levels)}`;
    for (const payload of [
      `{"events":[{"type":"page_view","path":"/","timestamp":"${new Date().toISOString()}","data":{"sessionId":"s-5","x":${nested}}}]}`,
      `{"events":${nested}}`,
    ]) {
      for (const contentType of ['application/json', 'text/plain']) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/analytics/events',
          headers: { ...BROWSER_HEADERS, 'content-type': contentType },
          payload,
        });
        expect(response.statusCode, contentType).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, contentType).toBeLessThan(500);
      }
    }
    expect(await countEvents('s-5')).toBe(0);
  });
});
