import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startAppServer } from './app-server';

/** A stand-in API: GET /api/health waits until `release()`. */
async function startHeldApi() {
  const held: ServerResponse[] = [];
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (request.url === '/api/health') {
      held.push(response);
      return;
    }
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ message: 'Not found', type: 'not_found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    held: () => held.length,
    release: () => {
      for (const response of held.splice(0)) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ status: 'ok', database: 'up' }));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function waitUntil(what: string, check: () => boolean | Promise<boolean>, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function refused(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(5_000) });
    return false;
  } catch (error) {
    return (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';
  }
}

/**
 * Graceful shutdown of a front-end server (issue 9, "Faults"; the code is
 * @repo/web-server's): on SIGTERM it refuses new connections, lets a request in
 * flight finish, and exits 0; past SHUTDOWN_TIMEOUT_MS it cuts what is left and
 * exits 1. The request in flight is one to /api that a stand-in API holds until
 * the test lets it go (no timers). Call it at the top of an app's e2e spec.
 */
export function describeGracefulShutdown(app: 'marketing' | 'admin', title: string) {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function startServer(apiUrl: string, shutdownTimeoutMs: number) {
    const server = await startAppServer(app, {
      LOG_LEVEL: 'info',
      API_URL: apiUrl,
      SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs),
    });
    cleanups.push(() => server.kill('SIGKILL'));
    return server;
  }

  describe(`${title} on SIGTERM`, () => {
    it('finishes the request in flight, refuses new connections, exits 0', async () => {
      const api = await startHeldApi();
      cleanups.push(api.close);
      const server = await startServer(api.url, 20_000);

      const inFlight = fetch(`${server.url}/api/health`);
      await waitUntil('the request to reach the API', () => api.held() === 1);

      server.kill('SIGTERM');
      await waitUntil('new connections refused', () => refused(`${server.url}/robots.txt`));
      expect(server.exitCode(), server.output()).toBeNull();

      api.release();
      const response = await inFlight;
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok', database: 'up' });
      expect(await server.exited).toBe(0);
    });

    it('past SHUTDOWN_TIMEOUT_MS, cuts the request left and exits 1', async () => {
      const api = await startHeldApi();
      cleanups.push(api.close);
      const server = await startServer(api.url, 1_000);

      const inFlight = fetch(`${server.url}/api/health`).then(
        (response) => response.status,
        () => 'cut' as const,
      );
      await waitUntil('the request to reach the API', () => api.held() === 1);

      server.kill('SIGTERM');
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain('SHUTDOWN_TIMEOUT_MS');
      expect(await inFlight).toBe('cut');
    });
  });
}
