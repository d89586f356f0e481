import path from 'node:path';
import { createDatabase } from '@repo/db';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { ensureDevAdmin, prepareDatabase } from './prepare-database';

// Starts, logs and shuts down; composition lives in app.ts.
async function main() {
  const config = loadConfig();
  const database = config.DATABASE_URL
    ? await createDatabase({
        kind: 'postgres',
        url: config.DATABASE_URL,
        poolSize: config.DATABASE_POOL_SIZE,
      })
    : await createDatabase({ kind: 'embedded', dataDir: path.resolve(config.PGLITE_DATA_DIR) });

  const { posts } = await prepareDatabase(database.db);
  await ensureDevAdmin(database.db, config);

  const app = await buildApp({ config, db: database.db, startEmailWorker: true });
  app.addHook('onClose', async () => database.close());

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing in-flight requests`);
    // In-flight requests finish; then the pool (or embedded database) is closed.
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ host: config.API_HOST, port: config.API_PORT });
  const where =
    database.kind === 'postgres'
      ? 'PostgreSQL (DATABASE_URL)'
      : `embedded PostgreSQL in ${config.PGLITE_DATA_DIR}`;
  app.log.info(
    `API ready on http://localhost:${config.API_PORT} using ${where}; ${posts} blog posts loaded`,
  );
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
