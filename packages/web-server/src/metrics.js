// Prometheus metrics and the request id for the two front-end servers (issue 21):
// RED metrics by route pattern plus Node's default metrics, served on a listener of
// their own (MARKETING_METRICS_PORT, ADMIN_METRICS_PORT) that no visitor reaches, and
// the x-request-id each server's /api proxy sends on to the API.
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Seconds: the duration histogram's buckets, from 5 ms to 10 s (the API's). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The label of a request no route matched: one value, never the URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/** The header the proxies set and the API answers with. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** An incoming id worth keeping: short, and nothing a log line could choke on. */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * MARKETING_METRICS_PORT, ADMIN_METRICS_PORT: a port, or 0 for no metrics listener.
 * @param {string} name the variable, for the message
 * @param {string | undefined} value
 * @param {number} defaultPort when unset or empty
 * @returns {number}
 */
export function readMetricsPort(name, value, defaultPort) {
  const text = (value ?? '').trim();
  if (text === '') return defaultPort;
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) {
    throw new Error(`${name}: "${value}" is not a port from 1 to 65535, or 0 (no metrics)`);
  }
  return port;
}

/**
 * MARKETING_METRICS_HOST, ADMIN_METRICS_HOST: the address the metrics listener binds.
 * Loopback unless set (issue 31): the images set 0.0.0.0, where Prometheus scrapes the pod.
 * @param {string | undefined} value
 * @returns {string}
 */
export function readMetricsHost(value) {
  return (value ?? '').trim() || '127.0.0.1';
}

/**
 * METRICS_TOKEN: when set, the bearer token every scrape must send (as the API's).
 * @param {string | undefined} value
 * @returns {string | undefined}
 */
export function readMetricsToken(value) {
  if (value === undefined || value === '') return undefined;
  if (value.length < 16) throw new Error('METRICS_TOKEN: at least 16 characters');
  return value;
}

/** @param {string} text */
const digest = (text) => createHash('sha256').update(text).digest();

/**
 * Whether an Authorization header holds `Bearer <token>`, compared in constant time
 * (as SHA-256 digests, so the length leaks nothing either).
 * @param {string | undefined} authorization
 * @param {string} token
 * @returns {boolean}
 */
function holdsBearerToken(authorization, token) {
  const match = /^Bearer (.+)$/i.exec(authorization ?? '');
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(token)) && match !== null;
}

/**
 * Whether the immediate peer may hand over a request id: the server's TRUST_PROXY
 * setting (parseTrustProxy's reading), as for X-Forwarded-For.
 * @param {boolean | string[]} trustProxy
 * @returns {(address: string | undefined) => boolean}
 */
export function trustedPeer(trustProxy) {
  if (trustProxy === true) return () => true;
  if (trustProxy === false || trustProxy.length === 0) return () => false;
  const trust = proxyAddr.compile(trustProxy);
  return (address) => address !== undefined && address !== '' && trust(address, 0);
}

/**
 * MARKETING_TRUST_REQUEST_ID, ADMIN_TRUST_REQUEST_ID (issue 31): whether a trusted
 * proxy's x-request-id is kept. Off unless set: many proxies pass a client's own id on
 * (ingress-nginx and the usual nginx `map` keep an incoming one and make one only when
 * none came), and a client must not choose the id the three logs follow. Turn it on
 * only when the proxy replaces every incoming id with its own.
 * @param {string} name the variable, for the message
 * @param {string | undefined} value
 * @returns {boolean}
 */
export function readTrustRequestId(name, value) {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true' || text === '1') return true;
  throw new Error(`${name}: "${value}" is not true or false`);
}

/**
 * The id of a request: the incoming x-request-id when the peer is a trusted proxy
 * and the value short and safe, else a fresh UUID.
 * @param {string | string[] | undefined} incoming
 * @param {boolean} peerTrusted
 * @returns {string}
 */
export function requestIdFrom(incoming, peerTrusted) {
  if (peerTrusted && typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming)) {
    return incoming;
  }
  return randomUUID();
}

/**
 * A registry with Node's default metrics (event loop delay, heap, GC, CPU) and the
 * RED pair: http_requests_total and http_request_duration_seconds, by method, route
 * pattern and status code.
 */
export function createHttpMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = /** @type {const} */ (['method', 'route', 'status_code']);
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending the answer, by route pattern.',
    labelNames,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  return {
    registry,
    /**
     * A counter of the server's own in the same registry (the page cache's lookups).
     * @param {string} name
     * @param {string} help
     * @param {string[]} labelNames
     */
    counter: (name, help, labelNames) =>
      new Counter({ name, help, labelNames, registers: [registry] }),
    /**
     * @param {string} method
     * @param {string} route a pattern, never a raw URL
     * @param {number} statusCode
     * @param {number} seconds
     */
    observe(method, route, statusCode, seconds) {
      const labels = { method, route, status_code: String(statusCode) };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
  };
}

/**
 * Serves `GET /metrics` from `registry` on a listener of its own; anything else is a
 * 404. With a `token` (METRICS_TOKEN), a scrape without it as a bearer token is a 401.
 * Resolves with the server once it listens (rejects when the port is taken).
 * @param {Registry} registry
 * @param {{ host: string, port: number, token?: string | undefined }} where
 * @returns {Promise<import('node:http').Server>}
 */
export function startMetricsServer(registry, { host, port, token }) {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (token !== undefined && !holdsBearerToken(request.headers.authorization, token)) {
      response
        .writeHead(401, {
          'content-type': 'text/plain',
          'www-authenticate': 'Bearer realm="metrics"',
        })
        .end('Unauthorized\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, {
          'content-type': registry.contentType,
          'cache-control': 'no-store',
        });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics unavailable\n'),
    );
  });
  server.keepAliveTimeout = 5_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/**
 * Closes a metrics listener (its scrapers' keep-alive connections too).
 * @param {import('node:http').Server | undefined} server
 * @returns {Promise<void>}
 */
export function stopMetricsServer(server) {
  if (!server) return Promise.resolve();
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
