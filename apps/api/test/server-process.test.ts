import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(path.join(tmpdir(), 'wordloom-server-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function waitFor(url: string, timeoutMs = 100_000): Promise<Response> {
  const started = Date.now();
  for (;;) {
    try {
      return await fetch(url);
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

describe('the API process', () => {
  it('starts on an empty embedded database with the blog loaded, and exits cleanly on SIGTERM', async () => {
    const port = 39_000 + Math.floor(Math.random() * 1000);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        SESSION_SECRET: 'process-test-session-secret-long-enough-01',
        UNSUBSCRIBE_SECRET: 'process-test-unsubscribe-secret-long-enough',
        POST_PREVIEW_SECRET: 'process-test-post-preview-secret-long-enough',
        ADMIN_SETUP_TOKEN: '',
        API_HOST: '127.0.0.1',
        API_PORT: String(port),
        API_METRICS_PORT: '0',
        PGLITE_DATA_DIR: dataDir,
        DATABASE_URL: '',
        TSX_TSCONFIG_PATH: 'tsconfig.runtime.json',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => resolve(code)),
    );

    const posts = await waitFor(`http://127.0.0.1:${port}/api/posts`);
    expect(posts.status).toBe(200);
    expect(((await posts.json()) as unknown[]).length).toBeGreaterThanOrEqual(9);

    // The first request on a fresh install cannot claim the console.
    const claim = await fetch(`http://127.0.0.1:${port}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'intruder',
        password: 'a-long-unusual-passphrase',
        email: 'intruder@example.com',
        name: 'Intruder',
      }),
    });
    expect(claim.status).toBe(403);
    expect(await claim.json()).toMatchObject({ type: 'setup_token_required' });
    expect(await fetch(`http://127.0.0.1:${port}/api/setup-status`).then((r) => r.json())).toEqual({
      needsSetup: true,
    });

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    // Starting means compiling the server with tsx and running all 31 migrations on an
    // embedded database: about 4 s on an idle machine, and more than 30 s was seen under a
    // full test run's load. Waiting for the state, not a time, is what the test is about.
  }, 120_000);

  it('refuses to start with an invalid setting, naming it', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, API_PORT: 'not-a-port', NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('API_PORT');
  });
});
