import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  parseTrustProxy,
  readShutdownTimeout,
  securityHeaders,
  stopGracefully,
} from '../src/index.js';

describe('parseTrustProxy', () => {
  it('trusts loopback when unset, everyone for true, nobody for false or empty', () => {
    expect(parseTrustProxy(undefined)).toEqual(['loopback']);
    expect(parseTrustProxy(' true ')).toBe(true);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('  ')).toBe(false);
  });

  it('reads a comma-separated list of addresses, ranges and keywords', () => {
    expect(parseTrustProxy('10.0.0.1, 172.28.0.0/16,,uniquelocal')).toEqual([
      '10.0.0.1',
      '172.28.0.0/16',
      'uniquelocal',
    ]);
  });
});

describe('securityHeaders', () => {
  it('adds HSTS in production only', () => {
    const development = securityHeaders({ production: false });
    expect(development).toEqual({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
      'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    });
    expect(securityHeaders({ production: true })).toEqual({
      ...development,
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    });
  });
});

describe('readShutdownTimeout', () => {
  it('is 10 s unless set to a whole number of milliseconds, 100 or more', () => {
    expect(readShutdownTimeout(undefined)).toBe(10_000);
    expect(readShutdownTimeout('')).toBe(10_000);
    expect(readShutdownTimeout('100')).toBe(100);
    for (const value of ['99', '1.5', 'soon', '-1']) {
      expect(() => readShutdownTimeout(value), value).toThrow(
        'SHUTDOWN_TIMEOUT_MS: a whole number of milliseconds, 100 or more',
      );
    }
  });
});

describe('stopGracefully', () => {
  const servers: Server[] = [];
  afterEach(() => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      server.close();
    }
  });

  /** A server whose requests wait until released, stopped by `stopGracefully` with a test's exit. */
  async function heldServer(timeoutMs: number) {
    const held: ServerResponse[] = [];
    const server = createServer((_request, response) => held.push(response));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const logged: string[] = [];
    let exited: (code: number) => void = () => undefined;
    const exit = new Promise<number>((resolve) => (exited = resolve));
    const shutdown = stopGracefully({
      server,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
      timeoutMs,
      log: { info: (message) => logged.push(message), error: (message) => logged.push(message) },
      exit: exited,
      signals: [],
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    return { held, shutdown, exit, logged, url };
  }

  async function until(check: () => boolean) {
    while (!check()) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  it('lets the request in flight finish, closes its kept-alive connection, then exits 0', async () => {
    const server = await heldServer(20_000);
    const inFlight = fetch(server.url);
    await until(() => server.held.length === 1);

    server.shutdown('SIGTERM');
    server.shutdown('SIGTERM'); // a second signal changes nothing
    server.held[0]!.end('done');
    const response = await inFlight;
    expect(await response.text()).toBe('done');
    // fetch keeps its connection open: the stop ends it once idle, or close() would hang.
    expect(await server.exit).toBe(0);
    expect(server.logged).toEqual([
      'SIGTERM received: finishing in-flight requests (up to 20000 ms)',
    ]);
  });

  it('cuts what is left past the timeout and exits 1', async () => {
    const server = await heldServer(100);
    const inFlight = fetch(server.url).then(
      () => 'answered',
      () => 'cut',
    );
    await until(() => server.held.length === 1);

    server.shutdown('SIGINT');
    expect(await server.exit).toBe(1);
    expect(await inFlight).toBe('cut');
    expect(server.logged[1]).toContain('shutdown unfinished after 100 ms (SHUTDOWN_TIMEOUT_MS)');
  });
});
