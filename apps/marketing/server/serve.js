// Production server for the marketing site: Remix's Express adapter, so that
// loaders know the visitor's address (the /api proxy forwards it, and the API's
// per-client rate limits need it), long-lived caching for fingerprinted assets,
// brotli or gzip for everything that benefits, a micro-cache of rendered pages,
// and a graceful stop on SIGTERM.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequestHandler } from '@remix-run/express';
import {
  REQUEST_ID_HEADER,
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
} from '@repo/web-server';
import compression from 'compression';
import express from 'express';
import expressStaticGzip from 'express-static-gzip';
import { createPageCache, parsePageCacheSetting } from './page-cache.js';
import { createRouteLabeller } from './route-label.js';
import { acceptsOriginOf, isApiPath } from './security.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.MARKETING_PORT ?? process.env.PORT ?? 3000);
const host = process.env.MARKETING_HOST ?? process.env.HOST ?? '0.0.0.0';
// Which proxies in front of this server (a CDN, a load balancer) may set X-Forwarded-For.
const trustProxy = parseTrustProxy(process.env.MARKETING_TRUST_PROXY);
// Whether such a proxy's X-Request-ID is kept: only one that makes its own (issue 31).
const trustRequestId = settingOrExit(() =>
  readTrustRequestId('MARKETING_TRUST_REQUEST_ID', process.env.MARKETING_TRUST_REQUEST_ID),
);
const headers = securityHeaders({ production: process.env.NODE_ENV === 'production' });
const pageCacheEnabled = settingOrExit(() =>
  parsePageCacheSetting(process.env.MARKETING_PAGE_CACHE),
);
// Prometheus metrics on a listener of their own (issue 21): 0 turns them off.
const metricsPort = settingOrExit(() =>
  readMetricsPort('MARKETING_METRICS_PORT', process.env.MARKETING_METRICS_PORT, 9465),
);
// Loopback unless set (the image sets 0.0.0.0); METRICS_TOKEN, when set, is asked of every scrape.
const metricsHost = readMetricsHost(process.env.MARKETING_METRICS_HOST);
const metricsToken = settingOrExit(() => readMetricsToken(process.env.METRICS_TOKEN));
const metrics = metricsPort === 0 ? undefined : createHttpMetrics();
const pageCacheLookups = metrics?.counter(
  'wordloom_page_cache_lookups_total',
  'Page views the page cache could answer, by result (hit or miss): the hit ratio.',
  ['result'],
);

const build = await import(path.join(root, 'build', 'server', 'index.js'));

const app = express();
app.disable('x-powered-by');
app.set('trust proxy', trustProxy);
const isTrustedProxy = app.get('trust proxy fn');
const labelRoute = createRouteLabeller(build.routes);

// x-request-id (issue 21): a trusted proxy's (MARKETING_TRUST_PROXY) when short and
// safe and MARKETING_TRUST_REQUEST_ID says that proxy makes its own (issue 31), else a
// fresh UUID: a client never chooses it. Answered, and sent on to the API by the /api
// proxy and the form actions. And the
// RED metrics, by route: the Remix route id, the route table's pattern under /api.
app.use((req, res, next) => {
  const requestId = requestIdFrom(
    req.get(REQUEST_ID_HEADER),
    trustRequestId && isTrustedProxy(req.socket.remoteAddress, 0),
  );
  res.locals.requestId = requestId;
  res.set(REQUEST_ID_HEADER, requestId);
  if (metrics) {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const route =
        res.locals.apiRoute ?? (isApiPath(req.path) ? '/api/unmatched' : labelRoute(req.path));
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.observe(req.method, route, res.statusCode, seconds);
    });
  }
  next();
});

// Security headers on pages, assets and feeds; /api answers carry the API's own.
app.use((req, res, next) => {
  if (!isApiPath(req.path)) res.set(headers);
  next();
});

// The health route of the image's HEALTHCHECK and of Kubernetes' probes: this server
// answers, without asking the API (whose own is /api/health). Never cached.
app.get('/healthz', (req, res) => {
  res.set('cache-control', 'no-store').type('text/plain').send('ok');
});

/** The host the visitor asked for: a trusted proxy's X-Forwarded-Host, else Host. */
function visitorHost(req) {
  const forwarded = req.get('x-forwarded-host');
  if (forwarded && isTrustedProxy(req.socket.remoteAddress, 0)) {
    return forwarded.split(',')[0].trim();
  }
  return req.get('host');
}

// Files are compressed at build time (vite-plugin-compression2 writes a .br and a
// .gz beside each one): the best one the browser accepts is sent as is, with
// Content-Encoding and Vary: Accept-Encoding. Vite fingerprints everything under
// /assets: cache it for a year.
const precompressed = { enableBrotli: true, orderPreference: ['br', 'gzip'], index: false };
/**
 * express-static-gzip answers a path it cannot percent-decode with its own plain-text
 * 400; handing the error on instead keeps the JSON contract under /api (see below).
 */
function staticFiles(directory, serveStatic) {
  const serve = expressStaticGzip(directory, { ...precompressed, serveStatic });
  return (req, res, next) => {
    try {
      decodeURIComponent(req.path);
    } catch {
      return next(Object.assign(new Error('Bad request'), { status: 400 }));
    }
    return serve(req, res, next);
  };
}
app.use(
  '/assets',
  staticFiles(path.join(root, 'build', 'client', 'assets'), {
    immutable: true,
    maxAge: '1y',
    index: false,
  }),
);
app.use(staticFiles(path.join(root, 'build', 'client'), { maxAge: '1h', index: false }));

// Everything else (pages, feeds, /api answers, files without a compressed copy) is
// compressed on the fly when the browser accepts it; answers already encoded pass.
app.use(compression({ threshold: 1024 }));

// Anonymous page views are answered from a short-lived cache (server/page-cache.js);
// MARKETING_PAGE_CACHE=0 turns it off. The /api answers are the API's to cache.
const pageCache = createPageCache({
  enabled: pageCacheEnabled,
  skip: (req) => isApiPath(req.path),
  onLookup: pageCacheLookups ? (result) => pageCacheLookups.inc({ result }) : undefined,
});
app.use(pageCache.serve, pageCache.capture);
// Issue 23: a publish, an edit or a slug change reaches the blog, the home page, the
// sitemap and the feed within seconds: the posts are refetched, then the pages go.
build.entry.module.onPostsChanged?.(() => pageCache.clear());

/** A refusal from this server: the API's JSON error contract under /api, plain text elsewhere. */
function sendError(req, res, status, message, type) {
  if (res.headersSent) return res.destroy();
  res.status(status).set('cache-control', 'no-store');
  if (isApiPath(req.path)) return res.json({ message, type });
  return res.type('text/plain').send(message);
}

// The Fetch API, and so Remix, cannot build a request with TRACE, TRACK or CONNECT
// (it threw, a 500): only the ordinary methods go further.
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
app.use((req, res, next) => {
  if (METHODS.includes(req.method)) return next();
  res.set('allow', METHODS.join(', '));
  return sendError(req, res, 405, 'Method not allowed', 'method_not_allowed');
});

// Remix's route patterns do not match a path holding a line break or another control
// character once decoded (a regex '.' stops there), so /api/%0D... would be answered by
// Remix's HTML 405 instead of the proxy: no such path names anything, refuse it here.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/; // eslint-disable-line no-control-regex
app.use((req, res, next) => {
  let decoded;
  try {
    decoded = decodeURIComponent(req.path);
  } catch {
    decoded = '\u0000'; // cannot be decoded: a bad request as well
  }
  if (CONTROL_CHARACTER.test(decoded)) {
    return sendError(req, res, 400, 'Bad request', 'invalid_request');
  }
  return next();
});

// A page's form post from another site (its Origin names another host) is refused
// here with a 403: Remix refuses it too, but as a 500. The /api proxy has its own rules.
app.use((req, res, next) => {
  if (isApiPath(req.path) || acceptsOriginOf(req.method, (name) => req.get(name))) return next();
  return sendError(req, res, 403, 'Cross-site form posts are refused', 'cross_site_post');
});

app.all(
  '*',
  createRequestHandler({
    build,
    mode: process.env.NODE_ENV ?? 'production',
    // request.ip and request.protocol follow 'trust proxy': an untrusted peer's
    // X-Forwarded-* count for nothing. The /api proxy forwards these (routes/api.$.ts).
    getLoadContext: (request, response) => ({
      requestId: response.locals.requestId,
      recordRoute: (pattern) => {
        response.locals.apiRoute = pattern;
      },
      clientIp: request.ip,
      forwardedProto: request.protocol,
      forwardedHost: visitorHost(request),
      // A client navigation asks for /path.data; anything else renders a document.
      documentRequest: !request.path.endsWith('.data'),
    }),
  }),
);

// Errors raised before Remix answers (a path that cannot be percent-decoded is a 400):
// a client's mistake stays a 4xx, and no answer carries a stack trace.
app.use((error, req, res, _next) => {
  const status = Number(error?.status ?? error?.statusCode);
  if (status >= 400 && status < 500) {
    return sendError(req, res, status, 'Bad request', 'invalid_request');
  }
  console.error(`[${res.locals.requestId}] ${req.method} ${req.path}:`, error);
  return sendError(req, res, 500, 'Internal Server Error', 'internal_error');
});

const metricsServer = metrics
  ? await startMetricsServer(metrics.registry, {
      host: metricsHost,
      port: metricsPort,
      token: metricsToken,
    })
  : undefined;

const server = app.listen(port, host, () => {
  console.log(`Marketing site on http://localhost:${port}`);
});

// Graceful stop on SIGTERM (@repo/web-server): requests in flight finish, then exit 0;
// past SHUTDOWN_TIMEOUT_MS what is left is cut and the exit status is 1.
stopGracefully({
  server,
  close: () =>
    Promise.all([
      new Promise((resolve) => server.close(() => resolve())),
      stopMetricsServer(metricsServer),
    ]).then(() => undefined),
  timeoutMs: settingOrExit(() => readShutdownTimeout(process.env.SHUTDOWN_TIMEOUT_MS)),
});
