// Production server for the marketing site: Remix's Express adapter, so that
// loaders know the visitor's address (the /api proxy forwards it, and the API's
// per-client rate limits need it), long-lived caching for fingerprinted assets,
// and a graceful stop on SIGTERM.
import path from 'node:path';
import { setImmediate, setTimeout } from 'node:timers';
import { fileURLToPath } from 'node:url';
import { createRequestHandler } from '@remix-run/express';
import express from 'express';
import { isApiPath, parseTrustProxy, securityHeaders } from './security.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.MARKETING_PORT ?? process.env.PORT ?? 3000);
const host = process.env.MARKETING_HOST ?? process.env.HOST ?? '0.0.0.0';
// Which proxies in front of this server (a CDN, a load balancer) may set X-Forwarded-For.
const trustProxy = parseTrustProxy(process.env.MARKETING_TRUST_PROXY);
const headers = securityHeaders({ production: process.env.NODE_ENV === 'production' });

const build = await import(path.join(root, 'build', 'server', 'index.js'));

const app = express();
app.disable('x-powered-by');
app.set('trust proxy', trustProxy);
const isTrustedProxy = app.get('trust proxy fn');

// Security headers on pages, assets and feeds; /api answers carry the API's own.
app.use((req, res, next) => {
  if (!isApiPath(req.path)) res.set(headers);
  next();
});

/** The host the visitor asked for: a trusted proxy's X-Forwarded-Host, else Host. */
function visitorHost(req) {
  const forwarded = req.get('x-forwarded-host');
  if (forwarded && isTrustedProxy(req.socket.remoteAddress, 0)) {
    return forwarded.split(',')[0].trim();
  }
  return req.get('host');
}

// Vite fingerprints everything under /assets: cache it for a year.
app.use(
  '/assets',
  express.static(path.join(root, 'build', 'client', 'assets'), { immutable: true, maxAge: '1y' }),
);
app.use(express.static(path.join(root, 'build', 'client'), { maxAge: '1h' }));

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

app.all(
  '*',
  createRequestHandler({
    build,
    mode: process.env.NODE_ENV ?? 'production',
    // request.ip and request.protocol follow 'trust proxy': an untrusted peer's
    // X-Forwarded-* count for nothing. The /api proxy forwards these (routes/api.$.ts).
    getLoadContext: (request) => ({
      clientIp: request.ip,
      forwardedProto: request.protocol,
      forwardedHost: visitorHost(request),
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
  console.error(error);
  return sendError(req, res, 500, 'Internal Server Error', 'internal_error');
});

const server = app.listen(port, host, () => {
  console.log(`Marketing site on http://localhost:${port}`);
});

// Graceful stop: new connections are refused, requests in flight finish (a keep-alive
// connection ends after its last answer), then exit 0. Past SHUTDOWN_TIMEOUT_MS what
// is left is cut and the exit status is 1.
const shutdownTimeoutMs = Number(process.env.SHUTDOWN_TIMEOUT_MS || 10_000);
if (!Number.isInteger(shutdownTimeoutMs) || shutdownTimeoutMs < 100) {
  console.error(
    'Invalid configuration:\n  SHUTDOWN_TIMEOUT_MS: a whole number of milliseconds, 100 or more',
  );
  process.exit(1);
}
let closing = false;
server.on('request', (req, res) => {
  if (closing) res.setHeader('connection', 'close');
  res.once('finish', () => {
    if (closing) setImmediate(() => server.closeIdleConnections());
  });
});
const shutdown = (signal) => {
  if (closing) return;
  closing = true;
  console.log(`${signal} received: finishing in-flight requests (up to ${shutdownTimeoutMs} ms)`);
  setTimeout(() => {
    console.error(
      `shutdown unfinished after ${shutdownTimeoutMs} ms (SHUTDOWN_TIMEOUT_MS): closing the remaining connections`,
    );
    server.closeAllConnections();
    process.exit(1);
  }, shutdownTimeoutMs);
  server.close(() => process.exit(0));
};
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
