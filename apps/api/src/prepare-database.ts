import { type DB, migrateToLatest, readBlogPosts, seedBlogPosts } from '@repo/db';
import { DEFAULT_REFERRAL_BOOST_PLACES } from '@repo/validation';
import type { Config } from './config';
import { blogPostsDirectory } from './runtime-files';
import { hashPassword } from './auth/password';
import { findUserForLogin, insertUser } from './auth/users-repository';
import { useReferralBoost } from './waitlist/queue';

/**
 * Runs on every start, in every environment: migrations (under Kysely's advisory
 * lock), the blog posts, which are part of the product (read from BLOG_POSTS_DIR:
 * see runtime-files.ts), and the queue keys' referral boost (issue 32: a changed
 * REFERRAL_BOOST_PLACES recomputes the keys with referrals, once, under a table
 * lock; the instances that start next find it done). All are idempotent. Building
 * the app afterwards runs no query (the OpenAPI documents are made without a database).
 */
export async function prepareDatabase(
  db: DB,
  { referralBoost = DEFAULT_REFERRAL_BOOST_PLACES }: { referralBoost?: number } = {},
): Promise<{ posts: number; boostChanged: boolean }> {
  await migrateToLatest(db);
  const posts = await seedBlogPosts(db, await readBlogPosts(blogPostsDirectory()));
  const boostChanged = await useReferralBoost(db, referralBoost);
  return { posts, boostChanged };
}

/**
 * Development on the embedded database only (NODE_ENV=development, no DATABASE_URL):
 * a known admin account, printed by the dev command. Never on a real database.
 */
export async function ensureDevAdmin(db: DB, config: Config): Promise<void> {
  if (!config.seedDevAdmin) return;
  if (await findUserForLogin(db, config.DEV_ADMIN_USERNAME)) return;
  await insertUser(db, {
    username: config.DEV_ADMIN_USERNAME,
    email: `${config.DEV_ADMIN_USERNAME}@localhost.test`,
    name: 'Development Admin',
    passwordHash: await hashPassword(config.DEV_ADMIN_PASSWORD),
    status: 'active',
  }).catch(() => undefined); // another instance created it first
}
