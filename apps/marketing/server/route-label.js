// The metrics label of a request to the marketing server (issue 21): the Remix route
// it renders (its route id, e.g. `routes/blog.$slug`), never its URL, so a token or
// a random path cannot add a label value. /api paths are labelled by the route
// table's pattern (routes/api.$.ts reports it); files under /assets by one label.
import { matchRoutes } from '@remix-run/react';

/** A path no route of the site matches. */
const UNMATCHED = 'unmatched';

/**
 * @typedef {{ id: string, parentId?: string, path?: string, index?: boolean, caseSensitive?: boolean }} BuildRoute
 * @typedef {{ id: string, path?: string, index?: boolean, caseSensitive?: boolean, children?: RouteObject[] }} RouteObject
 */

/**
 * The nested route objects React Router matches, from the server build's flat list.
 * @param {Record<string, BuildRoute>} routes
 * @param {string | undefined} parentId
 * @returns {RouteObject[]}
 */
function treeOf(routes, parentId) {
  return Object.values(routes)
    .filter((route) => route.parentId === parentId)
    .map((route) => ({
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      children: route.index ? undefined : treeOf(routes, route.id),
    }));
}

/**
 * A labeller over the server build's routes (`build.routes`).
 * @param {Record<string, BuildRoute>} routes
 * @returns {(pathname: string) => string}
 */
export function createRouteLabeller(routes) {
  const tree = treeOf(routes, undefined);
  return (pathname) => {
    if (pathname.startsWith('/assets/')) return '/assets/*';
    // Single fetch: a client navigation asks for /path.data (/_root.data for '/').
    let path = pathname;
    if (path === '/_root.data') path = '/';
    else if (path.endsWith('.data')) path = path.slice(0, -'.data'.length);
    let matches;
    try {
      matches = matchRoutes(tree, path);
    } catch {
      matches = null;
    }
    const deepest = matches?.at(-1)?.route;
    // The root alone, or the catch-all 404 page (routes/$.tsx), names no page.
    if (!deepest || deepest.id === 'root' || deepest.id === 'routes/$') return UNMATCHED;
    return deepest.id;
  };
}
