/**
 * The baseline of the API figures: a bare Fastify hello-world, run in a worker
 * thread of the bench process (its own event loop, as the API has its own
 * process). GET /hello answers `{ hello: 'world' }`; POST /hello parses the JSON
 * body first, then answers the same. No validation, database, hooks or logging.
 *
 * Plain JavaScript: Node 20 did not apply tsx's loader to worker threads.
 */
import { parentPort } from 'node:worker_threads';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
app.post('/hello', async () => ({ hello: 'world' }));

await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (typeof address !== 'object' || !address) throw new Error('hello server: no port');
parentPort?.postMessage({ port: address.port });
// Closing the server empties the event loop: the thread ends by itself.
parentPort?.on('message', (message) => {
  if (message === 'close') void app.close().then(() => parentPort?.close());
});
