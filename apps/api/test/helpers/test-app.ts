import { createTestDatabase, type TestDatabase } from '@repo/db/testing';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type App, type BuildAppOptions } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import {
  SECURE_SESSION_COOKIE_NAME,
  SESSION_COOKIE_NAME,
} from '../../src/plugins/external/session';
import { prepareDatabase } from '../../src/prepare-database';

/** ADMIN_SETUP_TOKEN of every test context: the first registration must send it. */
export const TEST_SETUP_TOKEN = 'test-setup-token-0123456789';

export interface TestContext {
  app: App;
  database: TestDatabase;
  config: Config;
  close: () => Promise<void>;
}

/** The configuration of every test context: quiet, unthrottled, `env` over it. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_ENABLED: 'false',
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-1234',
    UNSUBSCRIBE_SECRET: 'test-unsubscribe-secret-that-is-long-enough-5678',
    POST_PREVIEW_SECRET: 'test-post-preview-secret-that-is-long-enough-9012',
    ADMIN_SETUP_TOKEN: TEST_SETUP_TOKEN,
    ...env,
  });
}

/**
 * A migrated, seeded, fresh database (real PostgreSQL when TEST_DATABASE_URL is
 * set, embedded otherwise) and the whole API built on it.
 */
export async function createTestContext(
  env: Record<string, string> = {},
  extend?: (app: App) => void,
  options: Pick<BuildAppOptions, 'onRoute' | 'startEmailWorker' | 'webhooks'> = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  const config = testConfig(env);
  await prepareDatabase(database.db, { referralBoost: config.REFERRAL_BOOST_PLACES });
  const app = await buildApp({ config, db: database.db, ...options });
  extend?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.destroy();
    },
  };
}

/** The `name=value` pair of the session cookie set by a response, for the next request. */
export function sessionCookie(response: LightMyRequestResponse): string | undefined {
  // The last one wins, as in a browser (a regenerated session first clears the old cookie).
  const names = [SESSION_COOKIE_NAME, SECURE_SESSION_COOKIE_NAME];
  const cookie = response.cookies.filter((c) => names.includes(c.name)).at(-1);
  return cookie ? `${cookie.name}=${cookie.value}` : undefined;
}

export const validWaitlistSignup = (overrides: Record<string, unknown> = {}) => ({
  email: `user-${Math.random().toString(36).slice(2)}@example.com`,
  firstName: 'Ada',
  lastName: 'Lovelace',
  company: 'Analytical Engines',
  primaryUse: 'Blog Writing',
  contentWorkflow: 'We write two posts a week in Google Docs.',
  userType: 'Agency',
  ...overrides,
});

export const validBetaFeedback = (overrides: Record<string, unknown> = {}) => ({
  email: 'tester@example.com',
  firstName: 'Grace',
  lastName: 'Hopper',
  primaryRole: 'Content marketer',
  aiExperienceLevel: 'intermediate',
  gettingStartedEase: 'easy',
  initialImpressions: 'Clean interface and the brand setup was quick.',
  workflowEase: 'easy',
  keywordResearchEase: 'neutral',
  blogPostCreationEase: 'very_easy',
  whyItMattersUseful: 'very_useful',
  profileSetupRating: 'easy',
  brandSetupRating: 'easy',
  keywordResearchRating: 'neutral',
  blogPostRating: 'very_easy',
  contentLibraryRating: 'did_not_attempt',
  generalFeedback: '',
  contentQualitySatisfaction: 'satisfied',
  contentAccuracyRating: 'satisfied',
  brandReflectionRating: 'very_satisfied',
  recommendationLikelihood: 'likely',
  overallSatisfaction: 'satisfied',
  improvementSuggestions: 'More templates for newsletters.',
  additionalComments: '',
  ...overrides,
});
