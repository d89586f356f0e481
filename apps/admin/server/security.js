// Settings and headers of the admin server (server/serve.js), kept apart so that
// unit tests can check them without starting a server. What it shares with the
// public site's server (trusted proxies, security headers, the graceful stop) is
// in @repo/web-server.

/**
 * BODY_LIMIT_BYTES: the largest request body forwarded to the API (the API's
 * own limit, same variable, same default). Anything larger gets a 413.
 * @param {string | undefined} value
 */
export function readBodyLimit(value) {
  if (value === undefined || value.trim() === '') return 64 * 1024;
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1024) {
    throw new Error('BODY_LIMIT_BYTES must be a whole number of bytes, at least 1024');
  }
  return limit;
}

/**
 * PUBLIC_SITE_URL: the public site's address (same variable as the API's and the
 * site's). The console frames one page of it, the analytics opt-out (issue 12).
 * @param {string | undefined} value
 * @returns {string} its origin
 */
export function readSiteOrigin(value) {
  const text = value?.trim() || 'http://localhost:3000';
  let url;
  try {
    url = new URL(text);
  } catch {
    throw new Error('PUBLIC_SITE_URL must be an absolute http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error('PUBLIC_SITE_URL must be an absolute http(s) URL');
  }
  return url.origin;
}

/**
 * The console's Content-Security-Policy. Scripts only from this origin (Vite
 * emits no inline script); inline styles are allowed because the charts and
 * the email previews (a sandboxed srcdoc iframe, which inherits this policy)
 * use style attributes. Frames: this origin, and the public site, whose
 * analytics opt-out page marks a staff browser at sign-in (issue 12).
 * @param {{ siteOrigin: string }} options
 */
export function contentSecurityPolicy({ siteOrigin }) {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src 'self' ${siteOrigin}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Request headers a client might use to pose as someone else; the proxy sets its own. */
export function isForwardingHeader(name) {
  const lower = name.toLowerCase();
  return lower === 'forwarded' || lower.startsWith('x-forwarded-') || lower === 'x-real-ip';
}
