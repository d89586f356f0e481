import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose values are secrets (an unsubscribe token, a one-time
 * code, an API key): the access log shows that they were there, never what they were.
 */
const SECRET_QUERY_KEYS =
  /^(token|code|key|secret|signature|sig|password|api_?key|access_token|setup_?token)$/i;

const REDACTED = '[redacted]';

/** `url` with every secret query value replaced by `[redacted]`. */
export function redactedUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((part) => {
      const rawKey = part.split('=', 1)[0] ?? '';
      return SECRET_QUERY_KEYS.test(decodedKey(rawKey)) ? `${rawKey}=${REDACTED}` : part;
    });
  return `${url.slice(0, queryStart)}?${query.join('&')}`;
}

function decodedKey(rawKey: string): string {
  try {
    return decodeURIComponent(rawKey.replace(/\+/g, ' '));
  } catch {
    // Malformed escapes: compare the raw text, never fail the log line.
    return rawKey;
  }
}

/** Fastify's request serializer, with the URL's secrets redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactedUrl(request.url),
    version: [request.headers['accept-version']].flat()[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
