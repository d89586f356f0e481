import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, validWaitlistSignup } from '../helpers/test-app';

const redisUrl = process.env.TEST_REDIS_URL;

/** A documentation-range address of its own per run, so runs never share counters in Redis. */
function uniqueAddress(): string {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `198.18.${byte()}.${byte()}`;
}

const signupFrom = (ctx: TestContext, address: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/waitlist',
    headers: { 'x-forwarded-for': address },
    payload: validWaitlistSignup(),
  });

describe.runIf(redisUrl)('rate limits shared through Redis', () => {
  let first: TestContext;
  let second: TestContext;

  beforeAll(async () => {
    const env = { RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_FORMS_MAX: '2', REDIS_URL: redisUrl! };
    [first, second] = await Promise.all([createTestContext(env), createTestContext(env)]);
  });

  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  it('two instances count one visitor together instead of doubling the limit', async () => {
    const address = uniqueAddress();
    expect((await signupFrom(first, address)).statusCode).toBe(201);
    expect((await signupFrom(second, address)).statusCode).toBe(201);
    // Per-instance counters would allow a second request on each instance.
    const third = await signupFrom(first, address);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ type: 'rate_limited' });
    expect((await signupFrom(second, address)).statusCode).toBe(429);
    // Another visitor has a budget of their own.
    expect((await signupFrom(second, uniqueAddress())).statusCode).toBe(201);
  });
});

describe('rate limits when Redis is unreachable', () => {
  let silent: Server;
  let ctx: TestContext;

  beforeAll(async () => {
    // A port that accepts and immediately drops connections: Redis "down".
    silent = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    ctx = await createTestContext({
      RATE_LIMIT_ENABLED: 'true',
      RATE_LIMIT_FORMS_MAX: '2',
      REDIS_URL: `redis://127.0.0.1:${port}`,
    });
  });

  afterAll(async () => {
    await ctx?.close();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('let visitors through instead of answering 5xx', async () => {
    const address = uniqueAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      statuses.push((await signupFrom(ctx, address)).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201]);
  });
});
