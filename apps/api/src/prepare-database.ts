import { type DB, migrateToLatest, readBlogPosts, seedBlogPosts } from '@repo/db';
import type { Config } from './config';
import { blogPostsDirectory } from './runtime-files';
import { hashPassword } from './auth/password';
import { findUserForLogin, insertUser } from './auth/users-repository';

/**
 * Runs on every start, in every environment: migrations (under Kysely's advisory
 * lock) and the blog posts, which are part of the product (read from BLOG_POSTS_DIR:
 * see runtime-files.ts). Both are idempotent.
 */
export async function prepareDatabase(db: DB): Promise<{ posts: number }> {
  await migrateToLatest(db);
  const posts = await seedBlogPosts(db, await readBlogPosts(blogPostsDirectory()));
  return { posts };
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
