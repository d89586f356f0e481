import { createServer, type Server } from 'node:http';

export interface MetricsSource {
  contentType: string;
  metrics: () => Promise<string>;
}

/**
 * A listener of its own for `GET /metrics` (API_METRICS_PORT), apart from the API's
 * port: the public, the front ends' /api proxies and the Ingress never reach it.
 * Anything else is a 404. Resolves once listening.
 */
export async function startMetricsListener(
  source: MetricsSource,
  { host, port }: { host: string; port: number },
): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
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
