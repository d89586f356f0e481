import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';

export interface MetricsSource {
  contentType: string;
  metrics: () => Promise<string>;
}

export interface MetricsListenerOptions {
  host: string;
  port: number;
  /** METRICS_TOKEN: when set, a scrape without `Authorization: Bearer <token>` gets 401. */
  token?: string | undefined;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries the bearer token, compared in constant time (as SHA-256 digests). */
function holdsToken(request: IncomingMessage, token: string): boolean {
  const match = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '');
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(token)) && match !== null;
}

/**
 * A listener of its own for `GET /metrics` (API_METRICS_PORT), apart from the API's
 * port: the public, the front ends' /api proxies and the Ingress never reach it.
 * Anything else is a 404. Resolves once listening.
 */
export async function startMetricsListener(
  source: MetricsSource,
  { host, port, token }: MetricsListenerOptions,
): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (token !== undefined && !holdsToken(request, token)) {
      response
        .writeHead(401, {
          'content-type': 'text/plain',
          'www-authenticate': 'Bearer realm="metrics"',
        })
        .end('Unauthorized\n');
      return;
    }
    source.metrics().then(
      (text) => {
        response.writeHead(200, {
          'content-type': source.contentType,
          'cache-control': 'no-store',
        });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(`Metrics unavailable: ${error instanceof Error ? error.message : 'error'}\n`);
      },
    );
  });
  // Scrapes are short: no idle connection holds a shutdown up for long.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
