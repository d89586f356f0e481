import { createServer, type Server, type Socket, connect } from 'node:net';

export interface TcpProxy {
  /** host:port the proxy listens on (127.0.0.1). */
  host: string;
  port: number;
  /** Rewrites a postgres:// URL to go through the proxy. */
  rewrite: (url: string) => string;
  /**
   * The database "goes away": every open connection is reset, and new ones are
   * refused (closed at once) until `restore()`. With `blackhole`, new connections
   * are accepted and never answered instead (a dead host, a dropped route): only
   * the client's own connection timeout ends them.
   */
  cut: (options?: { blackhole?: boolean }) => void;
  restore: () => void;
  /** Connections currently piped. */
  openConnections: () => number;
  close: () => Promise<void>;
}

/**
 * A small TCP proxy between the API and PostgreSQL, so tests can take the
 * database away and bring it back without stopping the machine's server.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<{ client: Socket; upstream: Socket }>();
  let isCut = false;
  let blackhole = false;
  const held = new Set<Socket>();

  const server: Server = createServer((client) => {
    if (isCut && blackhole) {
      held.add(client);
      client.on('error', () => client.destroy());
      client.on('close', () => held.delete(client));
      return;
    }
    if (isCut) {
      client.destroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  return {
    host: '127.0.0.1',
    port,
    rewrite: (url) => {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    cut: (options = {}) => {
      isCut = true;
      blackhole = options.blackhole ?? false;
      for (const { client, upstream } of pairs) {
        client.resetAndDestroy();
        upstream.destroy();
      }
      pairs.clear();
    },
    restore: () => {
      isCut = false;
      for (const client of held) client.destroy();
      held.clear();
    },
    openConnections: () => pairs.size,
    close: async () => {
      isCut = true;
      blackhole = false;
      for (const client of held) client.destroy();
      held.clear();
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Where TEST_DATABASE_URL's server listens, for `startTcpProxy`. */
export function serverAddress(url: string): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname || '127.0.0.1', port: Number(parsed.port || 5432) };
}
