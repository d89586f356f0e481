import type { DB } from '@repo/db';
import { createTestDatabase, type TestDatabase } from '@repo/db/testing';
import { prepareDatabase } from '../../src/prepare-database';
import { serverAddress, startTcpProxy, type TcpProxy } from '../../test/helpers/tcp-proxy';
import {
  apiEnvironment,
  freePorts,
  randomSecrets,
  type ServerProcess,
  startServer,
} from './processes';

export interface ClusterOptions {
  /** A PostgreSQL server; the cluster creates (and drops) a fresh database on it. */
  databaseServerUrl: string;
  redisUrl: string;
  /** Put a TCP proxy between the instances and PostgreSQL, so a run can cut it. */
  proxy: boolean;
  log?: (line: string) => void;
}

/** Two API instances on one fresh database and one Redis. */
export interface Cluster {
  servers: ServerProcess[];
  proxy?: TcpProxy;
  /** A direct connection (never through the proxy), to check the rows. */
  db: DB;
  /** Stops the instances (SIGTERM: in-flight requests finish); returns what went wrong. */
  stopServers: () => Promise<string[]>;
  /** Stops everything and drops the database. */
  close: () => Promise<void>;
}

/** Starts `script` twice, side by side, each on its own port; `started` collects them for cleanup. */
export async function startPair(
  label: string,
  script: string,
  env: (port: number) => Record<string, string>,
  started: ServerProcess[],
): Promise<ServerProcess[]> {
  const ports = await freePorts(2);
  const servers = await Promise.allSettled(
    ports.map((port, index) =>
      startServer({
        label: `${label} ${'AB'[index]}`,
        script,
        port,
        env: env(port),
        readyPath: '/api/health',
      }),
    ),
  );
  for (const server of servers) if (server.status === 'fulfilled') started.push(server.value);
  const failed = servers.find((server) => server.status === 'rejected');
  if (failed) throw failed.reason;
  return started.slice(-2);
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? (() => undefined);
  let database: TestDatabase | undefined;
  let proxy: TcpProxy | undefined;
  const started: ServerProcess[] = [];
  const close = async () => {
    await Promise.all(started.map((server) => server.stop()));
    await proxy?.close();
    await database?.destroy();
  };
  try {
    log('creating a fresh database');
    database = await createTestDatabase(options.databaseServerUrl);
    // Migrated here, so the two instances start side by side and find nothing to do.
    await prepareDatabase(database.db);
    let databaseUrl = database.url!;
    if (options.proxy) {
      proxy = await startTcpProxy(serverAddress(databaseUrl));
      databaseUrl = proxy.rewrite(databaseUrl);
    }
    const secrets = randomSecrets();
    log('starting two API instances');
    const servers = await startPair(
      'API',
      'src/server.ts',
      (port) => apiEnvironment({ databaseUrl, redisUrl: options.redisUrl, port, secrets }),
      started,
    );
    return {
      servers,
      proxy,
      db: database.db,
      stopServers: async () => {
        const died = servers.filter((server) => server.diedEarly());
        const codes = await Promise.all(servers.map((server) => server.stop()));
        return servers.flatMap((server, index) => {
          if (died.includes(server)) {
            return [
              `${server.label} exited (${server.exitCode()}) during the run:\n${server.output()}`,
            ];
          }
          return codes[index] === 0 ? [] : [`${server.label} exited ${codes[index]} on SIGTERM`];
        });
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
