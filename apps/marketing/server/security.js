// Settings and headers of the production server (server/serve.js), kept apart
// so that unit tests can check them without starting a server.

/**
 * MARKETING_TRUST_PROXY: which peers may tell this server the visitor's address
 * (X-Forwarded-For), scheme and host. 'true' trusts every peer, 'false' none;
 * anything else is a comma-separated list of addresses, CIDR ranges or the
 * keywords 'loopback', 'linklocal', 'uniquelocal' (proxy-addr syntax, as the
 * API's TRUST_PROXY and the admin server's ADMIN_TRUST_PROXY).
 * @param {string | undefined} value
 * @returns {boolean | string[]}
 */
export function parseTrustProxy(value) {
  const text = (value ?? 'loopback').trim();
  if (text === 'true') return true;
  if (text === 'false' || text === '') return false;
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * Headers on every answer of the site except /api (whose answers carry the
 * API's own): pages, assets, feeds. The pages' Content-Security-Policy, with
 * its per-page nonce, is set in app/entry.server.tsx.
 * @param {{ production: boolean }} options
 * @returns {Record<string, string>}
 */
export function securityHeaders({ production }) {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    // Browsers ignore HSTS over plain HTTP; in production the site is served over HTTPS.
    ...(production ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** True for /api and everything under it (the proxy route answers those). */
export function isApiPath(pathname) {
  return pathname === '/api' || pathname.startsWith('/api/');
}
