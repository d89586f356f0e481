/**
 * Public pages are the same for every visitor: browsers revalidate after a
 * minute, a CDN keeps them 5 minutes (the blog's cache time, spec section 9)
 * and may serve a stale copy for a day while it refreshes.
 */
const PUBLIC_PAGE_CACHE = 'public, max-age=60, s-maxage=300, stale-while-revalidate=86400';
/** Not-found answers are cached briefly so a new page is not hidden for long. */
const NOT_FOUND_CACHE = 'public, max-age=60, s-maxage=60';
/** Feeds and the sitemap change when a post is published. */
export const FEED_CACHE = 'public, max-age=300, s-maxage=3600, stale-while-revalidate=86400';

export function documentCacheControl(status: number): string {
  if (status === 200) return PUBLIC_PAGE_CACHE;
  if (status === 404) return NOT_FOUND_CACHE;
  return 'no-store';
}
