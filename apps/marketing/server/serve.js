// Production server for the marketing site: Remix's Express adapter, so that
// loaders know the visitor's address (the /api proxy forwards it, and the API's
// per-client rate limits need it), long-lived caching for fingerprinted assets,
// and a graceful stop on SIGTERM.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequestHandler } from '@remix-run/express';
import express from 'express';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.MARKETING_PORT ?? process.env.PORT ?? 3000);
const host = process.env.MARKETING_HOST ?? process.env.HOST ?? '0.0.0.0';
// Which proxies in front of this server (a CDN, a load balancer) may set X-Forwarded-For.
const trustProxy = process.env.MARKETING_TRUST_PROXY ?? 'loopback';

const build = await import(path.join(root, 'build', 'server', 'index.js'));

const app = express();
app.disable('x-powered-by');
app.set('trust proxy', trustProxy === 'true' ? true : trustProxy === 'false' ? false : trustProxy);

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
    getLoadContext: (request) => ({ clientIp: request.ip }),
  }),
);

const server = app.listen(port, host, () => {
  console.log(`Marketing site on http://localhost:${port}`);
});

const shutdown = () => server.close(() => process.exit(0));
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
