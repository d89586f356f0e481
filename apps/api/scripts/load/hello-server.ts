/**
 * The baseline of the load test: a bare Fastify answering the same paths with
 * `{ hello: 'world' }` after parsing the same JSON bodies, and nothing else (no
 * validation, database, rate limit or logging). The API's req/s over this one's,
 * on the same machine with the same connections, is the ratio the report prints.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
for (const path of [
  '/api/waitlist',
  '/api/contact',
  '/api/beta-feedback',
  '/api/analytics/events',
]) {
  app.post(path, async () => ({ hello: 'world' }));
}
app.get('/api/health', async () => ({ status: 'ok' }));

const shutdown = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

await app.listen({ host: '127.0.0.1', port: Number(process.env.API_PORT) });
