import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { freePort } from '@repo/e2e';
import { afterEach, describe, expect, it } from 'vitest';

/*
 * Graceful shutdown of the admin console server (issue 9, "Faults"): on SIGTERM it
 * refuses new connections, lets a request in flight finish, and exits 0; past
 * SHUTDOWN_TIMEOUT_MS it cuts what is left and exits 1. The request in flight is
 * one to /api that a stand-in API holds until the test lets it go (no timers).
 */

const appDir = path.resolve(import.meta.dirname, '..');

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

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startServer(apiUrl: string, shutdownTimeoutMs: number) {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['server/serve.js'], {
    cwd: appDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      API_URL: apiUrl,
      ADMIN_PORT: String(port),
      ADMIN_HOST: '127.0.0.1',
      SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => {
    child.kill('SIGKILL');
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  await waitUntil(
    'the server to answer',
    async () => {
      if (child.exitCode !== null) throw new Error(`exited at start:\n${output}`);
      return fetch(`${url}/`).then(
        (response) => response.ok,
        () => false,
      );
    },
    60_000,
  );
  return { child, url, exited, output: () => output };
}

describe('admin console server on SIGTERM', () => {
  it('finishes the request in flight, refuses new connections, exits 0', async () => {
    const api = await startHeldApi();
    cleanups.push(api.close);
    const server = await startServer(api.url, 20_000);

    const inFlight = fetch(`${server.url}/api/health`);
    await waitUntil('the request to reach the API', () => api.held() === 1);

    server.child.kill('SIGTERM');
    await waitUntil('new connections refused', () => refused(`${server.url}/`));
    expect(server.child.exitCode, server.output()).toBeNull();

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

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('SHUTDOWN_TIMEOUT_MS');
    expect(await inFlight).toBe('cut');
  });
});
