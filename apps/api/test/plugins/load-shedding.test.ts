import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createTestContext, type TestContext } from '../helpers/test-app';

function blockEventLoop(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // A synchronous stall, as a runaway request would cause.
  }
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('load shedding', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ LOAD_SHEDDING_MAX_EVENT_LOOP_DELAY_MS: '30' });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const posts = () => ctx.app.inject({ method: 'GET', url: '/api/posts' });

  it('answers 503 with Retry-After in the error contract while the event loop lags, then recovers', async () => {
    expect((await posts()).statusCode).toBe(200);

    let shed: Awaited<ReturnType<typeof posts>> | undefined;
    await waitFor(async () => {
      blockEventLoop(1_500);
      // The overdue sampler runs first and sees the stall (its mean over the last window).
      await new Promise((resolve) => setTimeout(resolve, 20));
      const response = await posts();
      if (response.statusCode === 503) shed = response;
      return shed !== undefined;
    });
    expect(shed!.headers['retry-after']).toBe('5');
    expect(shed!.json()).toEqual({
      message: 'The server is busy, please try again shortly',
      type: 'overloaded',
    });

    // Once the loop is calm again, requests are served.
    await waitFor(async () => (await posts()).statusCode === 200);
  });

  it('sheds a health probe in the error contract too, never a 500', async () => {
    const health = () => ctx.app.inject({ method: 'GET', url: '/api/health' });
    let shed: Awaited<ReturnType<typeof health>> | undefined;
    await waitFor(async () => {
      blockEventLoop(1_500);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const response = await health();
      expect(response.statusCode).not.toBe(500);
      if (response.statusCode === 503) shed = response;
      return shed !== undefined;
    });
    expect(shed!.headers['retry-after']).toBe('5');
    expect(shed!.json()).toEqual({
      message: 'The server is busy, please try again shortly',
      type: 'overloaded',
    });
    await waitFor(async () => (await health()).statusCode === 200);
  });

  it('is on by default outside tests, and off under NODE_ENV=test unless asked for', () => {
    const secrets = {
      SESSION_SECRET: 'a-session-secret-that-is-long-enough-0001',
      UNSUBSCRIBE_SECRET: 'an-unsubscribe-secret-long-enough-00002',
      POST_PREVIEW_SECRET: 'a-post-preview-secret-long-enough-000003',
    };
    const production = loadConfig({ NODE_ENV: 'production', ...secrets });
    expect(production.LOAD_SHEDDING_MAX_EVENT_LOOP_DELAY_MS).toBe(500);
    expect(production.LOAD_SHEDDING_MAX_HEAP_MB).toBe(1_536);
    const test = loadConfig({ NODE_ENV: 'test', ...secrets });
    expect(test.LOAD_SHEDDING_MAX_EVENT_LOOP_DELAY_MS).toBe(0);
  });
});
