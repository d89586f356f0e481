import type { EntryContext } from '@remix-run/node';
import { env } from '~/env.server';

/**
 * The CSP frame-ancestors of a page: none, except for a route whose `handle`
 * says `framedByConsole` (the analytics opt-out page, issue 12), which the
 * console's origin alone may frame. With frame-ancestors present, browsers
 * ignore the server's X-Frame-Options: DENY (HTML standard, "X-Frame-Options").
 */
export function frameAncestorsOf(context: EntryContext): string {
  const framed = context.staticHandlerContext.matches.some((match) => {
    const handle = context.routeModules[match.route.id]?.handle as
      { framedByConsole?: boolean } | undefined;
    return handle?.framedByConsole === true;
  });
  return framed ? new URL(env.ADMIN_URL).origin : "'none'";
}
