import path from 'node:path';
import { createDatabase } from '@repo/db';
import { buildApp } from './app';
import { ConfigError, loadConfig, processEnvironment } from './config';
import { exposeProcessMetrics } from './metrics/process-metrics';
import { ensureDevAdmin, prepareDatabase } from './prepare-database';

const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

/** SHUTDOWN_TIMEOUT_MS: how long a SIGTERM waits for in-flight work before forcing the exit. */
function readShutdownTimeout(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_SHUTDOWN_TIMEOUT_MS;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 100 || ms > 600_000) {
    throw new ConfigError(
      `Invalid configuration:\n  SHUTDOWN_TIMEOUT_MS: "${value}" is not a whole number of milliseconds from 100 to 600000`,
    );
  }
  return ms;
}

// Starts, logs and shuts down; composition lives in app.ts.
async function main() {
  const config = loadConfig();
  // Read before anything starts: a bad value stops the process like any other setting.
  const shutdownTimeoutMs = readShutdownTimeout(processEnvironment().SHUTDOWN_TIMEOUT_MS);
  const database = config.DATABASE_URL
    ? await createDatabase({
        kind: 'postgres',
        url: config.DATABASE_URL,
        poolSize: config.DATABASE_POOL_SIZE,
      })
    : await createDatabase({ kind: 'embedded', dataDir: path.resolve(config.PGLITE_DATA_DIR) });

  const { posts, boostChanged } = await prepareDatabase(database.db, {
    referralBoost: config.REFERRAL_BOOST_PLACES,
  });
  await ensureDevAdmin(database.db, config);

  const app = await buildApp({ config, db: database.db, startEmailWorker: true });
  app.addHook('onClose', async () => database.close());

  // Prometheus (issue 21): GET /metrics on API_METRICS_PORT, never on the API's own port.
  // Started before the API listens: a port taken stops the process before it takes traffic.
  const metricsServer = await exposeProcessMetrics(app.metrics.registry, {
    host: config.API_METRICS_HOST,
    port: config.API_METRICS_PORT,
    token: config.METRICS_TOKEN,
  });
  if (metricsServer) {
    app.addHook('onClose', async () => {
      metricsServer.closeAllConnections();
      await new Promise((resolve) => metricsServer.close(resolve));
    });
  }

  let closing = false;
  // While stopping, a connection ends as soon as its last response is out: a keep-alive
  // connection would otherwise hold the server open until its idle timeout.
  app.server.on('request', (_request, response) => {
    if (closing) response.setHeader('connection', 'close');
    response.once('finish', () => {
      if (closing) setImmediate(() => app.server.closeIdleConnections());
    });
  });

  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(
      `${signal} received: refusing new connections, finishing in-flight requests (up to ${shutdownTimeoutMs} ms)`,
    );
    // Past the deadline, whatever still holds on (a client that stopped reading, a send
    // to Postmark that hangs) is cut: the process must end for its replacement to start.
    setTimeout(() => {
      app.log.error(
        `shutdown unfinished after ${shutdownTimeoutMs} ms (SHUTDOWN_TIMEOUT_MS): closing the remaining connections and exiting with status 1`,
      );
      app.server.closeAllConnections();
      process.exit(1);
    }, shutdownTimeoutMs);

    // 1. The listening socket closes at once (new connections are refused) and idle
    //    keep-alive connections end; the requests in flight run to the end, with the
    //    database still open. Meanwhile the outbox worker finishes its current batch.
    const drained = new Promise<void>((resolve) => app.server.close(() => resolve()));
    const workerStopped = app.emailWorker?.stop();
    // 2. Then app.close(): preClose hooks (the worker, already stopped; the retention
    //    purge) and onClose, which closes the pool (or the embedded database).
    Promise.all([drained, workerStopped])
      .then(() => app.close())
      .then(
        () => {
          app.log.info('shutdown complete');
          process.exit(0);
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ host: config.API_HOST, port: config.API_PORT });
  if (metricsServer) {
    app.log.info(`metrics on http://localhost:${config.API_METRICS_PORT}/metrics`);
  }
  const where =
    database.kind === 'postgres'
      ? 'PostgreSQL (DATABASE_URL)'
      : `embedded PostgreSQL in ${config.PGLITE_DATA_DIR}`;
  app.log.info(
    `API ready on http://localhost:${config.API_PORT} using ${where}; ${posts} blog posts loaded`,
  );
  if (boostChanged) {
    app.log.info(
      { referralBoost: config.REFERRAL_BOOST_PLACES },
      'queue keys recomputed for a new referral boost',
    );
  }
  if (config.NODE_ENV === 'development') {
    console.log(
      [
        '',
        `  API        http://localhost:${config.API_PORT}/api/health`,
        `  Marketing  ${config.PUBLIC_SITE_URL}`,
        `  Admin      ${config.ADMIN_URL}`,
        config.seedDevAdmin
          ? `  Dev admin  username "${config.DEV_ADMIN_USERNAME}", password "${config.DEV_ADMIN_PASSWORD}"`
          : '  Dev admin  none (DATABASE_URL is set): create one with `pnpm --filter @repo/api admin:create`',
        '',
      ].join('\n'),
    );
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('API failed to start:', error);
  }
  process.exit(1);
});
