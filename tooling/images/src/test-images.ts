// `pnpm test:images` (as root): builds the three images from their Dockerfiles and runs
// them for real, the way an operator would, against a fresh PostgreSQL database
// (127.0.0.1:5432, user postgres, trust) and Redis (127.0.0.1:6379).
//
// Installs docker.io and debootstrap if missing (apt), starts dockerd if no engine answers
// (and stops only a dockerd it started), makes the local base image if it is not there
// (src/base-image.ts), then checks: each HEALTHCHECK turns healthy; a page of each front
// end; a waitlist signup through the marketing /api proxy; a console sign-in through the
// console's /api proxy; each server runs as uid 10001 on a read-only root; what each
// image holds (no TypeScript, no type declarations or source maps of dependencies, no
// pnpm store, no other app); SIGTERM stops each with exit status 0 within the grace
// period; docker-compose.yml is valid (if docker-compose is installed). Prints each check;
// exits 1 on the first failure, after removing its containers and database.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ensureBaseImage } from './base-image';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const ADMIN_DATABASE_URL =
  process.env.IMAGES_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.IMAGES_REDIS_URL ?? 'redis://127.0.0.1:6379';
const APPS = ['api', 'marketing', 'admin'] as const;
type App = (typeof APPS)[number];
// Unusual ports, so that nothing else on this machine answers in their place.
const PORT = { marketing: 43100, api: 43101, admin: 43102 } as const;
const METRICS_PORT = { marketing: 43110, api: 43111, admin: 43112 } as const;
const GRACE_SECONDS = 20;
const MAX_ADDED_BYTES = 80 * 1000 * 1000;

const started = Date.now();
const seconds = (from: number) => `${((Date.now() - from) / 1000).toFixed(1)} s`;
const checked: string[] = [];
function ok(line: string): void {
  checked.push(line);
  console.log(`  ok  ${line}`);
}
class CheckFailed extends Error {}
function check(condition: unknown, what: string): asserts condition {
  if (!condition) throw new CheckFailed(what);
  ok(what);
}

function run(
  command: string,
  args: string[],
  options: { quiet?: boolean; env?: NodeJS.ProcessEnv } = {},
): string {
  return execFileSync(command, args, {
    cwd: repo,
    encoding: 'utf8',
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', options.quiet ? 'pipe' : 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
}
const succeeds = (command: string, args: string[]) =>
  spawnSync(command, args, { stdio: 'ignore' }).status === 0;
const has = (binary: string) => succeeds('sh', ['-c', `command -v ${binary}`]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------- the machine
function ensurePackages(): void {
  const missing = [
    has('dockerd') ? undefined : 'docker.io',
    has('debootstrap') ? undefined : 'debootstrap',
    has('docker-compose') ? undefined : 'docker-compose',
  ].filter((name): name is string => name !== undefined);
  if (missing.length === 0) return;
  console.log(`apt-get install ${missing.join(' ')}`);
  run('apt-get', ['update', '-qq'], { quiet: true });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', ...missing], {
    stdio: 'ignore',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  // docker-compose only validates the compose file: the rest is needed.
  if (!has('dockerd') || !has('debootstrap')) {
    throw new Error(`apt-get install ${missing.join(' ')} failed (status ${install.status})`);
  }
}

let ownDockerd: ChildProcess | undefined;
async function ensureEngine(): Promise<void> {
  if (succeeds('docker', ['info'])) {
    console.log('docker engine: already running (left running at the end)');
    return;
  }
  console.log('docker engine: starting dockerd --bridge=none --iptables=false');
  ownDockerd = spawn('dockerd', ['--bridge=none', '--iptables=false'], {
    stdio: 'ignore',
    detached: true,
  });
  for (let i = 0; i < 60; i++) {
    if (succeeds('docker', ['info'])) return;
    await sleep(500);
  }
  throw new Error('dockerd did not answer within 30 s');
}
async function stopOwnEngine(): Promise<void> {
  if (!ownDockerd?.pid || ownDockerd.exitCode !== null) return;
  const exited = new Promise((resolve) => ownDockerd?.once('exit', resolve));
  ownDockerd.kill('SIGTERM');
  await Promise.race([exited, sleep(20_000)]);
  console.log('docker engine: the dockerd this script started is stopped');
}

// ---------------------------------------------------------------- images
const imageSize = (image: string) =>
  Number(run('docker', ['image', 'inspect', '-f', '{{.Size}}', image], { quiet: true }).trim());
const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

function buildImages(base: string): void {
  const baseSize = imageSize(base);
  for (const app of APPS) {
    const from = Date.now();
    console.log(`docker build -f apps/${app}/Dockerfile -t wordloom/${app}:local .`);
    run(
      'docker',
      [
        'build',
        '--network',
        'host',
        '--build-arg',
        `BASE_IMAGE=${base}`,
        '-q',
        '-f',
        `apps/${app}/Dockerfile`,
        '-t',
        `wordloom/${app}:local`,
        '.',
      ],
      // The legacy builder: docker.io's client has no buildx here, and BuildKit would want a registry.
      { quiet: true, env: { ...process.env, DOCKER_BUILDKIT: '0' } },
    );
    const added = imageSize(`wordloom/${app}:local`) - baseSize;
    // Issue 21's goal: at most 80 MB over the base (no compilers, TypeScript, pnpm store, ...).
    check(
      added <= MAX_ADDED_BYTES,
      `wordloom/${app}:local built in ${seconds(from)}; adds ${megabytes(added)} to the base (${megabytes(baseSize)}), at most ${megabytes(MAX_ADDED_BYTES)}`,
    );
  }
}

/** What the final stage holds: the app's run-time folder only. */
function checkContents(app: App): void {
  const script = `
    const fs = require('node:fs'), path = require('node:path');
    const found = [];
    const walk = (dir) => { for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) { if (/^typescript@|^@types\\+/.test(e.name)) found.push(p); walk(p); }
      else if (/\\.d\\.[mc]?ts$|\\.map$/.test(e.name) && p.includes('/node_modules/')) found.push(p);
    } };
    walk('/app');
    for (const p of ['/root/.local/share/pnpm', '/root/.cache/pnpm', '/usr/local/bin/pnpm', '/repo', '/app/src', '/app/apps', '/app/packages'])
      if (fs.existsSync(p)) found.push(p);
    console.log(JSON.stringify({ found, entries: fs.readdirSync('/app').sort() }));`;
  const result = JSON.parse(
    run(
      'docker',
      [
        'run',
        '--rm',
        '--network',
        'none',
        '--user',
        '10001',
        `wordloom/${app}:local`,
        'node',
        '-e',
        script,
      ],
      { quiet: true },
    ),
  ) as { found: string[]; entries: string[] };
  check(
    result.found.length === 0,
    `${app} image: no TypeScript, declarations or source maps of dependencies, pnpm or sources (${result.found.slice(0, 3).join(', ') || 'none'})`,
  );
  const expected = {
    api: ['data', 'dist'],
    marketing: ['build', 'server'],
    admin: ['dist', 'server'],
  }[app];
  check(
    JSON.stringify(result.entries) ===
      JSON.stringify([...expected, 'node_modules', 'package.json'].sort()),
    `${app} image: /app holds ${result.entries.join(', ')}`,
  );
}

// ---------------------------------------------------------------- containers
const suffix = randomBytes(4).toString('hex');
const databaseName = `wordloom_images_${suffix}`;
const databaseUrl = (() => {
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();
const container = (app: App) => `wordloom-images-${app}-${suffix}`;
const origin = (app: App) => `http://127.0.0.1:${PORT[app]}`;
const secret = () => randomBytes(24).toString('hex');
const common = { NODE_ENV: 'production', LOG_LEVEL: 'warn', SHUTDOWN_TIMEOUT_MS: '10000' };
const apiEnv = {
  ...common,
  API_HOST: '127.0.0.1',
  API_PORT: String(PORT.api),
  API_METRICS_PORT: String(METRICS_PORT.api),
  DATABASE_URL: databaseUrl,
  REDIS_URL,
  SESSION_SECRET: secret(),
  UNSUBSCRIBE_SECRET: secret(),
  POST_PREVIEW_SECRET: secret(),
  PUBLIC_SITE_URL: origin('marketing'),
  ADMIN_URL: origin('admin'),
  API_PUBLIC_URL: origin('marketing'),
  // The front ends' proxies, on this machine, state the client's address.
  TRUST_PROXY: '127.0.0.1',
};
const environments: Record<App, Record<string, string>> = {
  api: apiEnv,
  marketing: {
    ...common,
    MARKETING_HOST: '127.0.0.1',
    MARKETING_PORT: String(PORT.marketing),
    MARKETING_METRICS_PORT: String(METRICS_PORT.marketing),
    API_URL: origin('api'),
    PUBLIC_SITE_URL: origin('marketing'),
  },
  admin: {
    ...common,
    ADMIN_HOST: '127.0.0.1',
    ADMIN_PORT: String(PORT.admin),
    ADMIN_METRICS_PORT: String(METRICS_PORT.admin),
    API_URL: origin('api'),
    PUBLIC_SITE_URL: origin('marketing'),
  },
};

function startContainer(app: App): void {
  const env = Object.entries(environments[app]).flatMap(([name, value]) => [
    '-e',
    `${name}=${value}`,
  ]);
  run(
    'docker',
    [
      'run',
      '-d',
      '--name',
      container(app),
      '--network',
      'host',
      '--read-only',
      '--tmpfs',
      '/tmp',
      ...env,
      `wordloom/${app}:local`,
    ],
    { quiet: true },
  );
}
const inspect = (app: App, format: string) =>
  run('docker', ['inspect', '-f', format, container(app)], { quiet: true }).trim();

async function waitHealthy(app: App): Promise<void> {
  const from = Date.now();
  for (;;) {
    const status = inspect(app, '{{.State.Health.Status}} {{.State.Status}}');
    if (status.startsWith('healthy')) break;
    if (!status.endsWith('running') || Date.now() - from > 120_000) {
      console.error(run('docker', ['logs', '--tail', '40', container(app)], { quiet: true }));
      throw new CheckFailed(`${app}: HEALTHCHECK is ${status} after ${seconds(from)}`);
    }
    await sleep(1000);
  }
  ok(`${app}: HEALTHCHECK healthy after ${seconds(from)}`);
}

async function fetchText(
  url: string,
  init?: RequestInit,
): Promise<{ status: number; text: string; headers: Headers }> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

function checkProcess(app: App): void {
  const pid = inspect(app, '{{.State.Pid}}');
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const uid = (/^Uid:\s+(.*)$/m.exec(status)?.[1] ?? '').split(/\s+/);
  const gid = (/^Gid:\s+(.*)$/m.exec(status)?.[1] ?? '').split(/\s+/);
  check(
    uid.length === 4 && uid.every((id) => id === '10001') && gid.every((id) => id === '10001'),
    `${app}: process 1 runs as uid/gid 10001 (Uid: ${uid.join(' ')})`,
  );
  const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  check(
    path.basename(cmdline[0] ?? '') === 'node',
    `${app}: process 1 is node itself (${cmdline.join(' ')})`,
  );
  check(
    inspect(app, '{{.HostConfig.ReadonlyRootfs}}') === 'true',
    `${app}: root filesystem mounted read-only`,
  );
  const write = (file: string) =>
    spawnSync(
      'docker',
      [
        'exec',
        container(app),
        'node',
        '-e',
        `require('node:fs').writeFileSync(${JSON.stringify(file)}, 'x')`,
      ],
      { encoding: 'utf8' },
    );
  const refused = write('/app/written-at-run-time');
  check(
    refused.status !== 0 && /EROFS|read-only/i.test(refused.stderr),
    `${app}: writing /app fails (read-only file system)`,
  );
  check(write('/tmp/written-at-run-time').status === 0, `${app}: writing /tmp works (the tmpfs)`);
}

function stopContainer(app: App): void {
  const from = Date.now();
  run('docker', ['stop', '-t', String(GRACE_SECONDS), container(app)], { quiet: true });
  const took = (Date.now() - from) / 1000;
  const exitCode = inspect(app, '{{.State.ExitCode}}');
  check(
    exitCode === '0' && took < GRACE_SECONDS,
    `${app}: SIGTERM stopped it in ${took.toFixed(1)} s with exit status ${exitCode}`,
  );
}

// ---------------------------------------------------------------- the checks
async function checkFrontEnds(): Promise<void> {
  for (const app of ['marketing', 'admin'] as const) {
    const health = await fetchText(`${origin(app)}/healthz`);
    check(health.status === 200 && health.text === 'ok', `${app}: GET /healthz answers 200 ok`);
  }
  const api = await fetchText(`${origin('api')}/api/health`);
  check(api.status === 200, `api: GET /api/health answers ${api.status}`);
  const home = await fetchText(`${origin('marketing')}/`);
  check(
    home.status === 200 && /<html/i.test(home.text) && home.text.includes('/assets/'),
    'marketing: GET / renders the home page (Remix server build, its assets)',
  );
  const blog = await fetchText(`${origin('marketing')}/blog`);
  const posts = await fetchText(`${origin('api')}/api/posts`);
  check(
    blog.status === 200 && posts.status === 200 && posts.text.includes('"slug"'),
    `marketing: GET /blog answers ${blog.status}; the API loaded the posts from BLOG_POSTS_DIR (/api/posts ${posts.status})`,
  );
  const consolePage = await fetchText(`${origin('admin')}/admin/login`);
  check(
    consolePage.status === 200 && /<div id="root">/.test(consolePage.text),
    'admin: GET /admin/login answers the SPA',
  );
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(consolePage.text)?.[1];
  const script = asset ? await fetchText(`${origin('admin')}${asset}`) : undefined;
  check(script?.status === 200, `admin: the SPA's script ${asset ?? '(none found)'} answers 200`);
}

async function checkSignup(database: pg.Client): Promise<void> {
  const email = `images-${suffix}@wordloom-images.test`;
  const response = await fetchText(`${origin('marketing')}/api/waitlist`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      firstName: 'Image',
      lastName: 'Check',
      company: 'Wordloom',
      primaryUse: 'Blog Writing',
      website: '', // the honeypot, left empty as a person leaves it
    }),
  });
  const rows = await database.query(
    'select count(*)::int as n from waitlist_entries where email = $1',
    [email],
  );
  check(
    response.status >= 200 && response.status < 300 && rows.rows[0].n === 1,
    `marketing: POST /api/waitlist through the proxy answers ${response.status}; the entry is in the database`,
  );
}

async function checkConsoleSignIn(): Promise<void> {
  const username = `images${suffix}`;
  const password = `Image check ${randomBytes(9).toString('base64url')}`;
  // The first staff account, made as an operator makes it (apps/api/src/cli/admin-create.ts).
  run(
    'pnpm',
    [
      '--silent',
      '--filter',
      '@repo/api',
      'admin:create',
      '--username',
      username,
      '--email',
      `${username}@wordloom-images.test`,
      '--name',
      'Image Check',
    ],
    {
      quiet: true,
      env: { ...process.env, ...apiEnv, LOG_LEVEL: 'error', ADMIN_PASSWORD: password },
    },
  );
  const login = await fetchText(`${origin('admin')}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: origin('admin') },
    body: JSON.stringify({ username, password }),
  });
  const cookie = login.headers.get('set-cookie')?.split(';')[0];
  check(
    login.status === 200 && cookie,
    `admin: POST /api/login through the console proxy answers ${login.status} with a session cookie`,
  );
  const user = await fetchText(`${origin('admin')}/api/user`, { headers: { cookie } });
  check(
    user.status === 200 && (JSON.parse(user.text) as { username?: string }).username === username,
    `admin: GET /api/user with that cookie answers ${user.status}, signed in as ${username}`,
  );
}

function checkCompose(): void {
  if (!has('docker-compose')) {
    console.log('  --  docker-compose not installed: docker-compose.yml not validated');
    return;
  }
  const result = spawnSync('docker-compose', ['-f', 'docker-compose.yml', 'config', '-q'], {
    cwd: repo,
    encoding: 'utf8',
    env: {
      ...process.env,
      SESSION_SECRET: secret(),
      UNSUBSCRIBE_SECRET: secret(),
      POST_PREVIEW_SECRET: secret(),
      POSTGRES_PASSWORD: secret(),
    },
  });
  check(
    result.status === 0,
    `docker-compose.yml is valid (docker-compose config)${result.stderr ? `: ${result.stderr.trim()}` : ''}`,
  );
  const missing = spawnSync('docker-compose', ['-f', 'docker-compose.yml', 'config', '-q'], {
    cwd: repo,
    encoding: 'utf8',
    env: { ...process.env, SESSION_SECRET: '', UNSUBSCRIBE_SECRET: '', POST_PREVIEW_SECRET: '' },
  });
  check(
    missing.status !== 0 && /SESSION_SECRET/.test(missing.stderr),
    'docker-compose.yml refuses to run without SESSION_SECRET',
  );
}

async function main(): Promise<void> {
  if (process.getuid?.() !== 0) throw new Error('pnpm test:images runs as root (apt-get, dockerd)');
  // dockerd and debootstrap install to the sbin folders, which a PATH made for a user
  // (or a CI runner's) may lack: found after apt-get had installed them.
  const path = (process.env.PATH ?? '').split(':').filter(Boolean);
  for (const folder of ['/usr/local/sbin', '/usr/sbin', '/sbin']) {
    if (!path.includes(folder)) path.push(folder);
  }
  process.env.PATH = path.join(':');
  ensurePackages();
  await ensureEngine();
  const base = ensureBaseImage();
  buildImages(base);
  for (const app of APPS) checkContents(app);
  checkCompose();

  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  const database = new pg.Client({ connectionString: databaseUrl });
  try {
    await database.connect();
    for (const app of APPS) startContainer(app);
    for (const app of APPS) await waitHealthy(app);
    await checkFrontEnds();
    await checkSignup(database);
    await checkConsoleSignIn();
    for (const app of APPS) checkProcess(app);
    // The front ends first, as an orchestrator would drain them.
    for (const app of ['marketing', 'admin', 'api'] as const) stopContainer(app);
  } finally {
    await database.end().catch(() => undefined);
    for (const app of APPS) spawnSync('docker', ['rm', '-f', container(app)], { stdio: 'ignore' });
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  }
}

try {
  await main();
  console.log(`\npnpm test:images: ${checked.length} checks passed in ${seconds(started)}`);
} catch (error) {
  process.exitCode = 1;
  console.error(`\nFAILED: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await stopOwnEngine();
}
