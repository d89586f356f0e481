// `pnpm smoke` (issue 33): the production build of the three servers started once on
// another Node, the next one CI does not run everything on (Node 26). SMOKE_NODE names
// that node's binary (default: the node running this script); TEST_DATABASE_URL names
// the PostgreSQL server that gets a fresh database for the run (else an embedded one).
//
// Run `pnpm build` first. Starts the API (`dist/server.js`), the marketing site and the
// console (`server/serve.js`) on free loopback ports, then checks: the three health
// answers, a page of each front end, a waitlist signup through the site's proxy (201).
// Prints each check, stops exactly the processes it started and drops its database;
// exits 1 on the first failed check.
import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '@repo/db/testing';
import { freePort, repoRoot, startProcess, stopProcess } from './processes';

const node = process.env.SMOKE_NODE ?? process.execPath;
const started = Date.now();
let checks = 0;

class CheckFailed extends Error {}
function check(condition: unknown, what: string): asserts condition {
  if (!condition) throw new CheckFailed(what);
  checks += 1;
  console.log(`  ok  ${what}`);
}

async function answer(url: string, init?: RequestInit) {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
  return { status: response.status, text: await response.text() };
}

/** Waits until `url` answers 200, or fails when the process exits or 90 s pass. */
async function waitForOk(url: string, child: ChildProcess, name: string): Promise<void> {
  const from = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new CheckFailed(`${name} exited with ${child.exitCode}`);
    if (Date.now() - from > 90_000) throw new CheckFailed(`${name}: ${url} not 200 within 90 s`);
    const status = await fetch(url, { signal: AbortSignal.timeout(5_000) }).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function main(children: ChildProcess[], cleanups: (() => Promise<void>)[]) {
  const version = execFileSync(node, ['-v'], { encoding: 'utf8' }).trim();
  console.log(`smoke check of the production build on Node ${version} (${node})`);
  const built = {
    api: path.join(repoRoot, 'apps/api/dist/server.js'),
    marketing: path.join(repoRoot, 'apps/marketing/build/server/index.js'),
    admin: path.join(repoRoot, 'apps/admin/dist/index.html'),
  };
  for (const [app, file] of Object.entries(built))
    if (!existsSync(file)) throw new CheckFailed(`apps/${app} is not built: run pnpm build first`);

  let databaseEnv: Record<string, string>;
  if (process.env.TEST_DATABASE_URL) {
    const database = await createTestDatabase(process.env.TEST_DATABASE_URL);
    await database.close();
    cleanups.push(() => database.destroy());
    databaseEnv = { DATABASE_URL: database.url! };
  } else {
    const folder = mkdtempSync(path.join(tmpdir(), 'wordloom-smoke-'));
    cleanups.push(async () => rmSync(folder, { recursive: true, force: true }));
    databaseEnv = { PGLITE_DATA_DIR: folder };
  }

  const [apiPort, marketingPort, adminPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const api = `http://127.0.0.1:${apiPort}`;
  const marketing = `http://127.0.0.1:${marketingPort}`;
  const admin = `http://127.0.0.1:${adminPort}`;
  const secret = () => randomBytes(24).toString('hex');
  const common = { NODE_ENV: 'production', LOG_LEVEL: 'warn' };

  const apiProcess = startProcess(
    node,
    ['--enable-source-maps', 'dist/server.js'],
    path.join(repoRoot, 'apps/api'),
    {
      ...common,
      ...databaseEnv,
      API_HOST: '127.0.0.1',
      API_PORT: String(apiPort),
      SESSION_SECRET: secret(),
      UNSUBSCRIBE_SECRET: secret(),
      POST_PREVIEW_SECRET: secret(),
      PUBLIC_SITE_URL: marketing,
      ADMIN_URL: admin,
      API_PUBLIC_URL: marketing,
      // The site's proxy, on this machine, states the client's address.
      TRUST_PROXY: '127.0.0.1',
    },
  );
  children.push(apiProcess);
  await waitForOk(`${api}/api/health`, apiProcess, 'api');
  const frontEnd = { ...common, API_URL: api, PUBLIC_SITE_URL: marketing };
  const marketingProcess = startProcess(
    node,
    ['server/serve.js'],
    path.join(repoRoot, 'apps/marketing'),
    {
      ...frontEnd,
      MARKETING_HOST: '127.0.0.1',
      MARKETING_PORT: String(marketingPort),
      ADMIN_URL: admin,
    },
  );
  const adminProcess = startProcess(node, ['server/serve.js'], path.join(repoRoot, 'apps/admin'), {
    ...frontEnd,
    ADMIN_HOST: '127.0.0.1',
    ADMIN_PORT: String(adminPort),
  });
  children.push(marketingProcess, adminProcess);
  await waitForOk(`${marketing}/healthz`, marketingProcess, 'marketing');
  await waitForOk(`${admin}/healthz`, adminProcess, 'admin');

  // Each server runs on the node under test, not on the one running this script.
  for (const [name, child] of [
    ['api', apiProcess],
    ['marketing', marketingProcess],
    ['admin', adminProcess],
  ] as const) {
    const binary = path.resolve(
      execFileSync('readlink', ['-f', `/proc/${child.pid}/exe`], { encoding: 'utf8' }).trim(),
    );
    check(
      binary === path.resolve(execFileSync('readlink', ['-f', node], { encoding: 'utf8' }).trim()),
      `${name}: runs on ${version} (${binary})`,
    );
  }

  const health = await answer(`${api}/api/health`);
  check(health.status === 200, `api: GET /api/health answers ${health.status}`);
  for (const [name, origin] of [
    ['marketing', marketing],
    ['admin', admin],
  ] as const) {
    const healthz = await answer(`${origin}/healthz`);
    check(
      healthz.status === 200 && healthz.text === 'ok',
      `${name}: GET /healthz answers ${healthz.status} ${JSON.stringify(healthz.text.slice(0, 20))}`,
    );
  }
  const home = await answer(`${marketing}/`);
  check(
    home.status === 200 && /<html/i.test(home.text) && home.text.includes('/assets/'),
    `marketing: GET / answers ${home.status} with the home page (the Remix server build)`,
  );
  const login = await answer(`${admin}/admin/login`);
  check(
    login.status === 200 && login.text.includes('<div id="root">'),
    `admin: GET /admin/login answers ${login.status} with the console's page`,
  );
  const signup = await answer(`${marketing}/api/waitlist`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `smoke-${randomBytes(4).toString('hex')}@wordloom-smoke.test`,
      firstName: 'Smoke',
      lastName: 'Check',
      company: 'Wordloom',
      primaryUse: 'Blog Writing',
      website: '', // the honeypot, left empty as a person leaves it
    }),
  });
  check(
    signup.status === 201,
    `marketing: POST /api/waitlist through the site's proxy answers ${signup.status} ${signup.status === 201 ? '' : signup.text.slice(0, 200)}`.trim(),
  );
}

const children: ChildProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
try {
  await main(children, cleanups);
  console.log(
    `\nsmoke check: ${checks} checks passed in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
} catch (error) {
  process.exitCode = 1;
  console.error(`\nSMOKE CHECK FAILED: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  // Exactly the processes started above (SIGTERM, then SIGKILL after 10 s), then the database.
  await Promise.all(children.map(stopProcess));
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
}
