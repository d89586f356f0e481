/**
 * The pages behind the links mailed with a token in their address (issue 22): the
 * waitlist confirmation and status pages and the beta invitation's acceptance.
 */

/**
 * Every answer of these pages, loader's or action's, document or data: a page
 * rendered for one token is never kept, neither by a shared cache nor by the
 * site's page cache (server/page-cache.js stores only answers with s-maxage), so it
 * can never be served for another link or to another visitor.
 */
export const LINK_PAGE_HEADERS = { 'Cache-Control': 'no-store' } as const;

/**
 * No request from these pages names their address, so the token stays out of every
 * Referer and of the next page's document.referrer (which the analytics tracker
 * records): the site's own policy (strict-origin-when-cross-origin) still sends the
 * whole address, token included, to the site's own pages and assets. Not
 * no-referrer: that would send the button's POST with `Origin: null`, which Remix
 * refuses as a cross-site post; strict-origin keeps the Origin header.
 */
export const REFERRER_META = { name: 'referrer', content: 'strict-origin' } as const;
