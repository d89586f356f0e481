// Production server for the marketing site: Remix's Express adapter, so that
// loaders know the visitor's address (the /api proxy forwards it, and the API's
// per-client rate limits need it), long-lived caching for fingerprinted assets,
// and a graceful stop on SIGTERM.
import path from 'node:path';
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

const server = app.listen(port, host, () => {
  console.log(`Marketing site on http://localhost:${port}`);
});

const shutdown = () => server.close(() => process.exit(0));
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
