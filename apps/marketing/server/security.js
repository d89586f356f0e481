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
