/**
 * The production build and the servers the bench measures: the e2e harness's
 * stack (@repo/e2e startStack: a fresh PostgreSQL database, the API, the built
 * marketing site and console) with the API in production mode, and what the
 * sections need from it: the API's process id, a signed-in staff account and a
 * connection pool to the run's database.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt, gradientPng, type Stack, startStack } from '@repo/e2e';
import pg from 'pg';
import { onCleanup } from './cleanup';
import { log } from './log';

export const repoRoot = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
);

/** `pnpm build` of the two apps the bench serves (the API runs from its sources, as in e2e). */
export function buildApps(fresh: boolean): void {
  if (!fresh) {
    // BENCH_SKIP_BUILD: only what is missing.
    ensureBuilt('marketing');
    ensureBuilt('admin');
    return;
  }
  for (const app of ['marketing', 'admin']) {
    log(`building apps/${app} for production`);
    try {
      execFileSync('pnpm', ['--filter', `@repo/${app}`, 'build'], {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
        maxBuffer: 64 * 1024 * 1024,
      });
    } catch (error) {
      // Vite's warnings are noise in the bench's output; a failed build's output is not.
      const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
      process.stderr.write(`${stdout?.toString() ?? ''}${stderr?.toString() ?? ''}`);
      throw new Error(`pnpm --filter @repo/${app} build failed`, { cause: error });
    }
  }
}

const BUILT_FILES: Record<'marketing' | 'admin', string> = {
  marketing: path.join('apps', 'marketing', 'build', 'server', 'index.js'),
  admin: path.join('apps', 'admin', 'dist', 'index.html'),
};

/**
 * When each build was last written (ms since the epoch, NaN when missing). The
 * servers read their build at start (and the static middleware lists the files
 * then): a build run meanwhile by someone else (an e2e suite builds its app
 * first) replaces files under them.
 */
export function buildTimes(): Record<'marketing' | 'admin', number> {
  const time = (file: string) => {
    try {
      return statSync(path.join(repoRoot, file)).mtimeMs;
    } catch {
      return Number.NaN;
    }
  };
  return { marketing: time(BUILT_FILES.marketing), admin: time(BUILT_FILES.admin) };
}

/** A warning for each build rewritten since `before`, saying when (read the log for what ran then). */
export function rebuiltSince(
  before: Record<'marketing' | 'admin', number>,
  runStartedAt: Date,
): string[] {
  const now = buildTimes();
  return (['marketing', 'admin'] as const)
    .filter((app) => now[app] !== before[app] && !Number.isNaN(now[app]))
    .map((app) => {
      const at = new Date(now[app]);
      const offset = Math.round((now[app] - runStartedAt.getTime()) / 1000);
      return `WARNING: ${path.dirname(BUILT_FILES[app]).replace(/\/server$/, '')} was rebuilt at ${at.toISOString().slice(11, 19)} UTC (+${offset} s), by something else: the figures that used apps/${app} after that moment are not reliable.`;
    });
}

export interface BenchStack {
  stack: Stack;
  apiUrl: string;
  databaseUrl: string;
  /** A pool on the run's database (closed by the cleanups). */
  pool: pg.Pool;
  /** The API's process id (its memory is read from /proc). */
  apiPid: number;
  setupToken: string;
}

/**
 * Starts the stack on a fresh database created on `databaseServerUrl` (dropped
 * by the cleanups). The API runs as in production (React and the other
 * libraries in production mode, the secure session cookie), without the two
 * protections that would stand between the load and the code measured: rate
 * limits and load shedding.
 */
export async function startBenchStack(options: {
  databaseServerUrl: string;
  marketing: boolean;
  admin: boolean;
  /** Keep load shedding on, as in production (the scale run: rate limits stay off). */
  productionProtections?: boolean;
  apiEnv?: Record<string, string>;
}): Promise<BenchStack> {
  // startStack creates its own database on TEST_DATABASE_URL's server (createTestDatabase),
  // and the API migrates it and seeds the blog posts at start.
  process.env.TEST_DATABASE_URL = options.databaseServerUrl;
  const setupToken = randomBytes(16).toString('hex');
  const stack = await startStack({
    marketing: options.marketing,
    admin: options.admin,
    apiEnv: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_ENABLED: 'false',
      ...(options.productionProtections
        ? {}
        : { LOAD_SHEDDING_MAX_EVENT_LOOP_DELAY_MS: '0', LOAD_SHEDDING_MAX_HEAP_MB: '0' }),
      ADMIN_SETUP_TOKEN: setupToken,
      ...options.apiEnv,
    },
  });
  onCleanup('stack (servers and database)', () => stack.stop());
  if (!stack.databaseUrl) throw new Error('the stack started without a PostgreSQL database');
  const pool = new pg.Pool({ connectionString: stack.databaseUrl, max: 10 });
  onCleanup('database pool', () => pool.end());
  return {
    stack,
    apiUrl: stack.apiUrl,
    databaseUrl: stack.databaseUrl,
    pool,
    apiPid: childListeningOn(new URL(stack.apiUrl).port),
    setupToken,
  };
}

/** Process ids of this process's children (Linux /proc). */
function childPids(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)
      .map(Number),
  );
}

/**
 * The child process started with API_PORT=`port` (the Stack does not expose its
 * API's process id): its environment tells it apart from the app servers.
 */
function childListeningOn(port: string): number {
  for (const pid of childPids(process.pid)) {
    try {
      const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      if (environment.includes(`API_PORT=${port}`)) return pid;
    } catch {
      // ended meanwhile
    }
  }
  throw new Error(`no child process with API_PORT=${port}`);
}

export interface StaffSession {
  /** The Cookie header of the signed-in account. */
  cookie: string;
  name: string;
  value: string;
}

/**
 * Creates the first staff account with the setup token, signed in. The API sets
 * its production cookie (Secure, __Host-) only on an HTTPS request: the bench
 * says so as a TLS-terminating proxy on loopback would (TRUST_PROXY=loopback).
 */
export async function signInFirstStaff(apiUrl: string, setupToken: string): Promise<StaffSession> {
  const response = await fetch(`${apiUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
    body: JSON.stringify({
      name: 'Bench Admin',
      email: 'bench-admin@wordloom.test',
      username: 'benchadmin',
      password: `bench-${randomBytes(8).toString('hex')}`,
      setupToken,
    }),
  });
  if (response.status !== 201) {
    throw new Error(`register: ${response.status} ${await response.text()}`);
  }
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) throw new Error('register: no session cookie');
  const separator = cookie.indexOf('=');
  return {
    cookie,
    name: cookie.slice(0, separator),
    value: cookie.slice(separator + 1),
  };
}

/**
 * Issue 23: a post published through the API with an uploaded featured image
 * (a 1600×840 PNG, stored as responsive WebP sizes) and the same image in its
 * text, as staff would make one in the console; its slug. Lighthouse then shows
 * whether the post pages keep their LCP and CLS with such an image.
 */
export async function aPostWithUploadedImage(stack: Stack, session: StaffSession): Promise<string> {
  const headers = { cookie: session.cookie, origin: new URL(stack.publicUrls.admin).origin };
  const call = async <T>(path: string, init: { body: BodyInit; type: string }): Promise<T> => {
    const response = await fetch(`${stack.apiUrl}${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': init.type },
      body: init.body,
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const image = await call<{ src: string }>('/api/admin/post-images', {
    body: new Uint8Array(gradientPng(1600, 840)),
    type: 'image/png',
  });
  const post = await call<{ id: number; slug: string }>('/api/admin/posts', {
    type: 'application/json',
    body: JSON.stringify({
      title: 'A weekly review that keeps the calendar honest',
      excerpt: 'Thirty minutes on Friday: what shipped, what slipped, and what moves to next week.',
      category: 'Guides',
      tags: ['Planning'],
      author: 'Maya Okafor',
      featuredImage: image.src,
      content: `## What shipped\n\n${'Compare the week with the plan, one line per piece. '.repeat(20)}\n\n![The week at a glance](${image.src})\n\n## What slipped\n\n${'Name the reason, not the person. '.repeat(20)}`,
    }),
  });
  await call(`/api/admin/posts/${post.id}/publish`, { type: 'application/json', body: '{}' });
  return post.slug;
}

/** The slug of the newest blog post (the API seeds them from packages/db). */
export async function aPostSlug(apiUrl: string): Promise<string> {
  const posts = (await (await fetch(`${apiUrl}/api/posts`)).json()) as { slug: string }[];
  const slug = posts[0]?.slug;
  if (!slug) throw new Error('/api/posts: no post');
  return slug;
}
