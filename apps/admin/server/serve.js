// Serves the built admin SPA with an SPA fallback and forwards /api to the API,
// so the console works from its own subdomain with a same-origin session cookie.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import proxy from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

const port = Number(process.env.ADMIN_PORT ?? 3002);
const host = process.env.ADMIN_HOST ?? '0.0.0.0';
const apiUrl = process.env.API_URL ?? 'http://localhost:3001';
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');

const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'info' }, trustProxy: true });

await app.register(proxy, { upstream: apiUrl, prefix: '/api', rewritePrefix: '/api', xfwd: true });
await app.register(fastifyStatic, {
  root,
  wildcard: false,
  maxAge: '1y',
  immutable: true,
  index: false,
});

// Every other path is a client-side route: answer with index.html, never cached.
app.setNotFoundHandler((request, reply) => {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return reply.status(404).send({ message: 'Not found' });
  }
  return reply
    .header('cache-control', 'no-cache')
    .sendFile('index.html', root, { maxAge: 0, immutable: false });
});

const shutdown = () => app.close().then(() => process.exit(0));
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

await app.listen({ port, host });
