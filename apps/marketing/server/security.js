// What the production server (server/serve.js) alone needs; what it shares with
// the console's server (trusted proxies, security headers, the graceful stop) is
// in @repo/web-server.

/**
 * True for /api and everything under it (the proxy route answers those).
 * @param {string} pathname
 */
export function isApiPath(pathname) {
  return pathname === '/api' || pathname.startsWith('/api/');
}

const UNSAFE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * False for a form post Remix would refuse as cross-site: its `Origin` names another
 * host than `X-Forwarded-Host` (first value) or `Host`, or cannot be read (`null`, empty,
 * malformed). Remix's own check (`throwIfPotentialCSRFAttack`, same comparison) answers
 * those with a 500 and an error in the log; the server answers them a 403 first. A
 * request without `Origin` (not a browser's cross-site form) is left to the action.
 * @param {string} method
 * @param {(name: string) => string | undefined} header
 */
export function acceptsOriginOf(method, header) {
  if (!UNSAFE_METHODS.includes(method)) return true;
  const origin = header('origin');
  if (origin === undefined) return true;
  const host = header('x-forwarded-host')?.split(',')[0]?.trim() || header('host');
  let originHost;
  try {
    originHost = origin === 'null' ? undefined : new URL(origin).host;
  } catch {
    originHost = undefined;
  }
  return originHost !== undefined && originHost === host;
}
