/*
 * The site's pages (issue 23), written once for the SEO checks (a post's internal
 * links resolve to one of these or to a published post) and the site's sitemap.
 * apps/marketing's route test keeps this list true to its routes. A file of its
 * own, without imports, so that the site's browser code can read it.
 */
/** The paths of the site's indexable pages (the sitemap's), besides the posts. */
export const SITE_PAGE_PATHS = [
  '/',
  '/features',
  '/benefits',
  '/pricing',
  '/beta',
  '/blog',
  '/about',
  '/contact',
  '/docs',
  '/helpdesk',
  '/beta-feedback',
] as const;
export type SitePagePath = (typeof SITE_PAGE_PATHS)[number];
