import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type AdminSession, signInAdmin } from './admin';
import { type FakePostmark, startFakePostmark } from './fake-postmark';
import { createTestContext, type TestContext } from './test-app';

/**
 * The set-up most API test files share: a test context (with `env`), made before
 * the file's tests and closed after them. The object returned is filled in by
 * beforeAll, so read it inside tests (and hooks registered after this call) only.
 */
export function useTestContext(env: Record<string, string> = {}): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    Object.assign(ctx, await createTestContext(env));
  });
  afterAll(() => ctx.close());
  return ctx;
}

/** As useTestContext, with the admin signed in (see signInAdmin). */
export function useAdminContext(env: Record<string, string> = {}): {
  ctx: TestContext;
  admin: AdminSession;
} {
  const ctx = useTestContext(env);
  const admin = {} as AdminSession;
  beforeAll(async () => {
    Object.assign(admin, await signInAdmin(ctx));
  });
  return { ctx, admin };
}

/** The environment that sends the API's email to `fake` (1 s timeout unless `env` says otherwise). */
export const postmarkEnv = (fake: FakePostmark, env: Record<string, string> = {}) => ({
  POSTMARK_SERVER_TOKEN: fake.token,
  POSTMARK_API_HOST: fake.host,
  POSTMARK_TIMEOUT_MS: '1000',
  ...env,
});

/**
 * As useAdminContext, with a fake Postmark the API sends to (answering 'ok'
 * again before each test), started before the context and closed after it.
 */
export function usePostmarkContext(env: Record<string, string> = {}): {
  ctx: TestContext;
  admin: AdminSession;
  fake: FakePostmark;
} {
  const ctx = {} as TestContext;
  const admin = {} as AdminSession;
  const fake = {} as FakePostmark;
  beforeAll(async () => {
    Object.assign(fake, await startFakePostmark());
    Object.assign(ctx, await createTestContext(postmarkEnv(fake, env)));
    Object.assign(admin, await signInAdmin(ctx));
  });
  afterAll(async () => {
    await ctx.close();
    await fake.close();
  });
  beforeEach(() => fake.setMode({ kind: 'ok' }));
  return { ctx, admin, fake };
}

/**
 * A test context (no admin) and every route it registered but HEAD ones, as
 * Fastify's onRoute saw them, for the sweeps over all routes.
 */
export function useRouteContext(): { ctx: TestContext; routes: RouteOptions[] } {
  const ctx = {} as TestContext;
  const routes: RouteOptions[] = [];
  beforeAll(async () => {
    const onRoute = (route: RouteOptions) => {
      if (route.method !== 'HEAD') routes.push(route);
    };
    Object.assign(ctx, await createTestContext({}, undefined, { onRoute }));
  });
  afterAll(() => ctx.close());
  return { ctx, routes };
}
