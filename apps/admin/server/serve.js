// Serves the built admin SPA with an SPA fallback and forwards /api to the API,
// so the console works from its own subdomain with a same-origin session cookie.
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import proxy from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import {
  REQUEST_ID_HEADER,
  UNMATCHED_ROUTE,
  createHttpMetrics,
  parseTrustProxy,
  readMetricsHost,
  readMetricsPort,
  readMetricsToken,
  readShutdownTimeout,
  readTrustRequestId,
  requestIdFrom,
  securityHeaders,
  settingOrExit,
  startMetricsServer,
  stopGracefully,
  stopMetricsServer,
  trustedPeer,
} from '@repo/web-server';
import Fastify from 'fastify';
import {
  contentSecurityPolicy,
  isForwardingHeader,
  readBodyLimit,
  readSiteOrigin,
} from './security.js';

const port = Number(process.env.ADMIN_PORT ?? 3002);
const host = process.env.ADMIN_HOST ?? '0.0.0.0';
const apiUrl = process.env.API_URL ?? 'http://localhost:3001';
// Which proxies in front of this server (a load balancer) may state the client's address.
const trustProxy = parseTrustProxy(process.env.ADMIN_TRUST_PROXY);
// Whether such a proxy's X-Request-ID is kept: only one that makes its own (issue 31).
const trustRequestId = settingOrExit(() =>
  readTrustRequestId('ADMIN_TRUST_REQUEST_ID', process.env.ADMIN_TRUST_REQUEST_ID),
);
const bodyLimit = readBodyLimit(process.env.BODY_LIMIT_BYTES);
const headers = securityHeaders({ production: process.env.NODE_ENV === 'production' });
const policy = contentSecurityPolicy({ siteOrigin: readSiteOrigin(process.env.PUBLIC_SITE_URL) });
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
// Prometheus metrics on a listener of their own (issue 21): 0 turns them off.
const metricsPort = settingOrExit(() =>
  readMetricsPort('ADMIN_METRICS_PORT', process.env.ADMIN_METRICS_PORT, 9466),
);
// Loopback unless set (the image sets 0.0.0.0); METRICS_TOKEN, when set, is asked of every scrape.
const metricsHost = readMetricsHost(process.env.ADMIN_METRICS_HOST);
const metricsToken = settingOrExit(() => readMetricsToken(process.env.METRICS_TOKEN));
const metrics = metricsPort === 0 ? undefined : createHttpMetrics();
const isTrustedPeer = trustedPeer(trustProxy);

const app = Fastify({
  logger: {
    level: process.env.LOG_LEVEL ?? 'info',
    // Links mailed to staff carry single-use tokens in their query string
    // (/verify-email?token=…, /accept-invite?token=…): log the path only.
    serializers: {
      req: (request) => ({
        method: request.method,
        url: request.url.split('?')[0],
        remoteAddress: request.ip,
      }),
    },
  },
  trustProxy,
  bodyLimit,
  // x-request-id: a trusted proxy's (ADMIN_TRUST_PROXY) when short and safe and
  // ADMIN_TRUST_REQUEST_ID says that proxy makes its own (issue 31), else a fresh UUID;
  // logged as reqId, sent on to the API and answered.
  requestIdHeader: false,
  genReqId: (request) =>
    requestIdFrom(
      request.headers[REQUEST_ID_HEADER],
      trustRequestId && isTrustedPeer(request.socket.remoteAddress),
    ),
});

app.addHook('onRequest', async (request, reply) => {
  reply.header(REQUEST_ID_HEADER, request.id);
});
// RED metrics by route pattern: '/api/*' for everything proxied, a fixed label for the
// client-side routes (the SPA fallback), never a raw URL.
if (metrics) {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    metrics.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
}

// The JSON error contract of the API, for the answers this server gives itself.
app.setErrorHandler((error, request, reply) => {
  const status = error.statusCode ?? 500;
  if (status === 413) {
    // The client may still be sending: close the connection rather than read the rest.
    return reply
      .header('connection', 'close')
      .status(413)
      .send({ message: 'Request body is too large', type: 'payload_too_large' });
  }
  if (status >= 400 && status < 500) {
    return reply.status(status).send({ message: error.message, type: 'invalid_request' });
  }
  // Errors of the proxy itself: the API is down, slow or hung up.
  request.log.warn({ err: error }, 'proxy error');
  return reply.status(502).send({ message: 'The API is unreachable', type: 'bad_gateway' });
});

// Security headers on every answer; on /api answers the API's own (helmet) win.
app.addHook('onSend', async (request, reply, payload) => {
  for (const [name, value] of Object.entries(headers)) {
    if (!reply.hasHeader(name)) reply.header(name, value);
  }
  const isApi = /^\/api(\/|\?|$)/.test(request.url);
  if (!isApi && !reply.hasHeader('content-security-policy')) {
    reply.header('content-security-policy', policy);
  }
  // The SPA's files come in three encodings (see preCompressed below): a shared cache
  // must key them by Accept-Encoding. @fastify/static does not say so itself.
  const vary = String(reply.getHeader('vary') ?? '');
  if ((!isApi || reply.hasHeader('content-encoding')) && !/accept-encoding/i.test(vary)) {
    reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  }
  return payload;
});

// Brotli, else gzip, for what this server answers itself (the SPA's index.html on
// every client-side route, its errors) and for /api answers the API sent plain.
// Answers that already carry a Content-Encoding (the API's brotli, the build's
// precompressed files below) pass through as they are, never encoded twice.
// Request bodies are forwarded as they came: no decompression here.
await app.register(compress, {
  global: true,
  globalDecompression: false,
  encodings: ['br', 'gzip'],
  threshold: 1024,
});

// The health route of the image's HEALTHCHECK and of Kubernetes' probes: this server
// answers, without asking the API (whose own is /api/health). Never cached, and logged
// only at warn level, not once per probe.
app.get('/healthz', { logLevel: 'warn' }, (request, reply) =>
  reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('ok'),
);

/**
 * Forwards `prefix` and every path under it to the API, reading bodies of at most
 * `limit` bytes.
 */
async function forwardToApi(prefix, limit) {
  await app.register(async (api) => {
    // Bodies are read here, up to the API's limit (Fastify answers 413 from Content-Length
    // before reading, or as soon as a chunked body passes the limit), then forwarded as is.
    api.removeAllContentTypeParsers();
    api.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: limit },
      (request, body, done) => {
        request.forwardedBodyLength = body.length;
        done(null, Readable.from(body));
      },
    );
    await api.register(proxy, {
      upstream: apiUrl,
      prefix,
      rewritePrefix: prefix,
      proxyPayloads: false,
      replyOptions: {
        // The client's own X-Forwarded-* are dropped: only this server (or a proxy it trusts,
        // ADMIN_TRUST_PROXY, through request.ip) says who the client is.
        rewriteRequestHeaders: (request, requestHeaders) => {
          const forwarded = {};
          for (const [name, value] of Object.entries(requestHeaders)) {
            if (!isForwardingHeader(name)) forwarded[name] = value;
          }
          if (request.forwardedBodyLength !== undefined) {
            delete forwarded['transfer-encoding'];
            forwarded['content-length'] = String(request.forwardedBodyLength);
          }
          forwarded['x-forwarded-for'] = request.ip;
          forwarded['x-forwarded-proto'] = request.protocol;
          forwarded['x-forwarded-host'] = request.host;
          forwarded[REQUEST_ID_HEADER] = request.id;
          return forwarded;
        },
      },
    });
  });
}

// Issue 23: an image upload is the one larger body (POST_IMAGE_MAX_BYTES in
// @repo/validation, 10 MB; the API refuses more itself). The router prefers this
// path to the /api wildcard below.
const POST_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
await forwardToApi('/api/admin/post-images', Math.max(bodyLimit, POST_IMAGE_MAX_BYTES));
await forwardToApi('/api', bodyLimit);

// The build writes a .br and a .gz beside each file (vite-plugin-compression2): the
// best one the browser accepts is sent with Content-Encoding and Vary: Accept-Encoding.
await app.register(fastifyStatic, {
  root,
  wildcard: false,
  maxAge: '1y',
  immutable: true,
  index: false,
  preCompressed: true,
});

// Every other path is a client-side route: answer with index.html, never cached.
app.setNotFoundHandler((request, reply) => {
  // Metrics live on ADMIN_METRICS_PORT only: here /metrics is no client-side route either.
  const isMetricsPath = request.url.split('?')[0] === '/metrics';
  if ((request.method !== 'GET' && request.method !== 'HEAD') || isMetricsPath) {
    return reply.status(404).send({ message: 'Not found', type: 'not_found' });
  }
  return reply
    .header('cache-control', 'no-cache')
    .sendFile('index.html', root, { maxAge: 0, immutable: false });
});

// Graceful stop on SIGTERM (@repo/web-server): requests in flight finish, then exit 0;
// past SHUTDOWN_TIMEOUT_MS what is left is cut and the exit status is 1.
const metricsServer = metrics
  ? await startMetricsServer(metrics.registry, {
      host: metricsHost,
      port: metricsPort,
      token: metricsToken,
    })
  : undefined;

stopGracefully({
  server: app.server,
  close: () => Promise.all([app.close(), stopMetricsServer(metricsServer)]).then(() => undefined),
  timeoutMs: settingOrExit(() => readShutdownTimeout(process.env.SHUTDOWN_TIMEOUT_MS)),
  log: {
    info: (message) => app.log.info(message),
    error: (message, error) =>
      error === undefined ? app.log.error(message) : app.log.error({ err: error }, message),
  },
});

await app.listen({ port, host });
