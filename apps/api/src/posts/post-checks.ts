import { checkPost, type Problem } from '@repo/content/seo-checks';
import { SITE_PAGE_PATHS } from '@repo/content/site-pages';
import type { DB } from '@repo/db';
import type { AdminPost } from '@repo/validation';
import { listPublishedRedirects } from './posts-repository';

/*
 * Issue 23: a post's SEO checks against what the site has now. An internal link
 * resolves to one of the site's pages, a published post, or a published post's
 * old slug (which answers 301 to its new one).
 */

/** Every internal path the site answers with a page (posts by their current and old slugs). */
async function sitePaths(db: DB): Promise<Set<string>> {
  const [published, redirects] = await Promise.all([
    db.selectFrom('blogPosts').select('slug').where('status', '=', 'published').execute(),
    listPublishedRedirects(db),
  ]);
  return new Set<string>([
    ...SITE_PAGE_PATHS,
    ...published.map((post) => `/blog/${post.slug}`),
    ...redirects.map((redirect) => `/blog/${redirect.oldSlug}`),
  ]);
}

/** The post's problems against the site's SEO rules, with the site as it is now. */
export async function problemsOf(db: DB, post: AdminPost): Promise<Problem[]> {
  const paths = await sitePaths(db);
  return checkPost(post, { pathExists: (path) => paths.has(path) });
}
