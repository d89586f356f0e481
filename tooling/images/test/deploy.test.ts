// The cheap check of the images, without Docker: each app's run-time folder, assembled
// exactly as its Dockerfile's final stage gets it (assemble.sh), is copied out of the
// repository and started from there alone, with a bare environment. Anything it would
// still read from the checkout (a workspace package, a data file found by searching
// upward, a dependency hoisted in the repository's node_modules) fails here.
//
// Needs the three builds (turbo.json: @repo/images#test depends on them).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const ADMIN_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const APPS = ['api', 'marketing', 'admin'] as const;
type App = (typeof APPS)[number];

const work = mkdtempSync(path.join(tmpdir(), 'wordloom-deploy-'));
const folder = (app: App) => path.join(work, app);
const databaseName = `wordloom_deploy_${randomBytes(4).toString('hex')}`;
const servers: ChildProcess[] = [];
const output = new Map<App, string>();
const origin = new Map<App, string>();

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts `node <args>` in the app's folder with only the given environment. */
async function start(app: App, args: string[], env: Record<string, string>, health: string) {
  const child = spawn(process.execPath, args, {
    cwd: folder(app),
    env: { PATH: '/usr/bin:/bin', NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  servers.push(child);
  output.set(app, '');
  const collect = (chunk: Buffer) => output.set(app, (output.get(app) ?? '') + chunk.toString());
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const response = await fetch(`${origin.get(app)}${health}`).catch(() => undefined);
    if (response?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${app} did not answer ${health}: ${output.get(app)}`);
}

beforeAll(async () => {
  for (const app of APPS) {
    if (!existsSync(path.join(repo, 'apps', app, app === 'marketing' ? 'build' : 'dist'))) {
      throw new Error(`apps/${app} is not built: run pnpm turbo run test --filter=@repo/images`);
    }
  }
  // As the Dockerfiles' build stage does, from the workspace root after the build.
  await Promise.all(
    APPS.map((app) =>
      promisify(execFile)('sh', ['tooling/images/assemble.sh', app, folder(app)], { cwd: repo }),
    ),
  );

  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const databaseUrl = new URL(ADMIN_DATABASE_URL);
  databaseUrl.pathname = `/${databaseName}`;

  const ports = { api: await freePort(), marketing: await freePort(), admin: await freePort() };
  for (const app of APPS) origin.set(app, `http://127.0.0.1:${ports[app]}`);
  const secret = () => randomBytes(24).toString('hex');
  await start(
    'api',
    ['--enable-source-maps', 'dist/server.js'],
    {
      API_HOST: '127.0.0.1',
      API_PORT: String(ports.api),
      API_METRICS_PORT: '0',
      DATABASE_URL: databaseUrl.toString(),
      SESSION_SECRET: secret(),
      UNSUBSCRIBE_SECRET: secret(),
      POST_PREVIEW_SECRET: secret(),
      PUBLIC_SITE_URL: origin.get('marketing')!,
      ADMIN_URL: origin.get('admin')!,
      // As the Dockerfile sets it (the image's /app/data/posts).
      BLOG_POSTS_DIR: path.join(folder('api'), 'data', 'posts'),
    },
    '/api/health',
  );
  const frontEnd = { API_URL: origin.get('api')!, PUBLIC_SITE_URL: origin.get('marketing')! };
  await start(
    'marketing',
    ['server/serve.js'],
    {
      ...frontEnd,
      MARKETING_HOST: '127.0.0.1',
      MARKETING_PORT: String(ports.marketing),
      MARKETING_METRICS_PORT: '0',
    },
    '/healthz',
  );
  await start(
    'admin',
    ['server/serve.js'],
    {
      ...frontEnd,
      ADMIN_HOST: '127.0.0.1',
      ADMIN_PORT: String(ports.admin),
      ADMIN_METRICS_PORT: '0',
    },
    '/healthz',
  );
}, 240_000);

afterAll(async () => {
  await Promise.all(
    servers.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve(undefined);
          child.once('exit', resolve);
          child.kill('SIGTERM');
        }),
    ),
  );
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
  rmSync(work, { recursive: true, force: true });
}, 60_000);

describe('each app started from its run-time folder alone', () => {
  it('holds what the image copies, and nothing of the sources', () => {
    expect(readdirSync(folder('api')).sort()).toEqual([
      'data',
      'dist',
      'node_modules',
      'package.json',
    ]);
    expect(readdirSync(folder('marketing')).sort()).toEqual([
      'build',
      'node_modules',
      'package.json',
      'server',
    ]);
    expect(readdirSync(folder('admin')).sort()).toEqual([
      'dist',
      'node_modules',
      'package.json',
      'server',
    ]);
    // The API's bundle inlines the workspace packages: their copies are gone.
    expect(existsSync(path.join(folder('api'), 'node_modules', '@repo'))).toBe(false);
    for (const app of APPS) {
      expect(existsSync(path.join(folder(app), 'node_modules', 'typescript'))).toBe(false);
    }
    // Nor the embedded development database (PGlite, about 21 MB): the image needs DATABASE_URL.
    const store = readdirSync(path.join(folder('api'), 'node_modules', '.pnpm'));
    expect(store.filter((name) => /pglite/.test(name))).toEqual([]);
  });

  it('the API without DATABASE_URL stops at once and says to set it (it has no embedded database)', async () => {
    const child = spawn(process.execPath, ['dist/server.js'], {
      cwd: folder('api'),
      env: {
        PATH: '/usr/bin:/bin',
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        API_HOST: '127.0.0.1',
        API_PORT: String(await freePort()),
        API_METRICS_PORT: '0',
        BLOG_POSTS_DIR: path.join(folder('api'), 'data', 'posts'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let said = '';
    child.stdout.on('data', (chunk: Buffer) => (said += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
    const status = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(status).not.toBe(0);
    expect(said).toContain('set DATABASE_URL to a PostgreSQL server');
  }, 60_000);

  // The API reads data/common-passwords.txt as it starts (routes/api/auth): had it not
  // found it, it would not have answered at all.
  it('the API answers its health route and serves the posts it loaded from BLOG_POSTS_DIR', async () => {
    const health = await fetch(`${origin.get('api')}/api/health`);
    expect(health.status).toBe(200);
    const posts = await fetch(`${origin.get('api')}/api/posts`);
    expect(posts.status).toBe(200);
    expect(await posts.text()).toContain('"slug"');
  });

  it('the marketing site answers /healthz and renders a page through the API', async () => {
    const health = await fetch(`${origin.get('marketing')}/healthz`);
    expect(await health.text()).toBe('ok');
    const page = await fetch(`${origin.get('marketing')}/blog`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<html/i);
  });

  it('the console answers /healthz, its page and its files, and proxies /api', async () => {
    const health = await fetch(`${origin.get('admin')}/healthz`);
    expect(await health.text()).toBe('ok');
    const page = await fetch(`${origin.get('admin')}/admin/login`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect((await fetch(`${origin.get('admin')}${script}`)).status).toBe(200);
    const proxied = await fetch(`${origin.get('admin')}/api/health`);
    expect(proxied.status).toBe(200);
  });
});
