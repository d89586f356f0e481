import { join } from 'node:path';
import { flatRoutes } from '@remix-run/dev/dist/config/flat-routes.js';
import { SITE_PAGE_PATHS } from '@repo/content/site-pages';
import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGES } from './site';

/*
 * Issue 23: the SEO checks accept a post's internal link to one of SITE_PAGE_PATHS
 * (@repo/content). Each must be a page of this site, as Remix routes it, and not
 * only the catch-all 404.
 */

/** The full path of every route without a parameter or a splat, as Remix's flat routes make them. */
function staticRoutePaths(): Set<string> {
  const manifest = flatRoutes(join(import.meta.dirname, '..'));
  const fullPath = (id: string | undefined): string => {
    const route = id ? manifest[id] : undefined;
    if (!route) return '';
    return [fullPath(route.parentId), route.path ?? ''].filter(Boolean).join('/');
  };
  const paths = Object.keys(manifest)
    .map((id) => `/${fullPath(id)}`)
    .filter((path) => !/[:*]/.test(path));
  return new Set(paths);
}

describe("the site's page paths", () => {
  const routes = staticRoutePaths();

  it('reads the routes (guard: it cannot pass on an empty table)', () => {
    expect(routes).toContain('/');
    expect(routes).toContain('/blog');
    expect(routes).not.toContain('/blog/:slug');
    expect(routes.size).toBeGreaterThan(15);
  });

  it.each(SITE_PAGE_PATHS)('%s is a route of the site', (path) => {
    expect(routes).toContain(path);
  });

  it('are the pages of the sitemap, each once', () => {
    expect(PUBLIC_PAGES.map((page) => page.path).sort()).toEqual([...SITE_PAGE_PATHS].sort());
  });
});
