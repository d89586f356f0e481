/**
 * End-to-end harness shared by the marketing and admin suites: a fresh database,
 * the real API and an app server as child processes on free loopback ports, and
 * Debian's headless Chromium driven by playwright-core.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '@repo/db/testing';
import { type Browser, chromium } from 'playwright-core';
import { type Mailbox, startMailbox } from './mailbox';

export type { Mailbox, MailboxMessage } from './mailbox';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function waitForOk(url: string, child: ChildProcess, timeoutMs = 90_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null)
      throw new Error(`${url}: process exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function startProcess(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string>,
): ChildProcess {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `[${path.basename(cwd)}]`;
  child.stdout?.on('data', (chunk: Buffer) => {
    if (process.env.E2E_VERBOSE) process.stdout.write(`${prefix} ${chunk.toString()}`);
  });
  child.stderr?.on('data', (chunk: Buffer) =>
    process.stderr.write(`${prefix} ${chunk.toString()}`),
  );
  return child;
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export interface Stack {
  apiUrl: string;
  marketingUrl?: string;
  adminUrl?: string;
  /** PUBLIC_SITE_URL and ADMIN_URL as every server is told them, whether that app runs or not. */
  publicUrls: { marketing: string; admin: string };
  /** Connection string of the run's own PostgreSQL database (when TEST_DATABASE_URL is set). */
  databaseUrl?: string;
  /** The mail the API sent (to a Postmark-compatible sink on loopback), as recipients get it. */
  mailbox: Mailbox;
  stop: () => Promise<void>;
}

const mailboxes = new Map<string, Mailbox>();

/** The mailbox of the stack whose API answers at `apiUrl` (started in this process). */
export function mailboxOf(apiUrl: string): Mailbox {
  const mailbox = mailboxes.get(apiUrl);
  if (!mailbox) throw new Error(`no stack with its API at ${apiUrl}`);
  return mailbox;
}

export interface StackOptions {
  /** Start the built marketing site (apps/marketing/build must exist). */
  marketing?: boolean;
  /** Start the built admin console (apps/admin/dist must exist). */
  admin?: boolean;
  /** Extra environment for the API. */
  apiEnv?: Record<string, string>;
  /** Extra environment for the marketing server (e.g. MARKETING_TRUST_PROXY). */
  marketingEnv?: Record<string, string>;
  /** Extra environment for the admin server (e.g. ADMIN_TRUST_PROXY). */
  adminEnv?: Record<string, string>;
  /**
   * The host name of the console's address (ADMIN_URL): 127.0.0.1 unless told. Passkeys
   * need 'localhost' (WebAuthn takes no IP address as its RP id); the server still
   * listens on 127.0.0.1.
   */
  adminHostName?: 'localhost';
}

/**
 * Starts the API on a fresh database (its own PostgreSQL database when
 * TEST_DATABASE_URL is set, else an embedded one in a temporary folder), and
 * the requested app servers pointing at it.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const children: ChildProcess[] = [];
  const cleanups: (() => Promise<void> | void)[] = [];
  const [apiPort, marketingPort, adminPort] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
  ]);
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const marketingUrl = `http://127.0.0.1:${marketingPort}`;
  const adminListenUrl = `http://127.0.0.1:${adminPort}`;
  const adminUrl = `http://${options.adminHostName ?? '127.0.0.1'}:${adminPort}`;

  let databaseEnv: Record<string, string>;
  let databaseUrl: string | undefined;
  if (process.env.TEST_DATABASE_URL) {
    const database = await createTestDatabase(process.env.TEST_DATABASE_URL);
    await database.close();
    databaseUrl = database.url!;
    databaseEnv = { DATABASE_URL: databaseUrl };
    cleanups.push(() => database.destroy().catch(() => undefined));
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'wordloom-e2e-'));
    databaseEnv = { PGLITE_DATA_DIR: dir };
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  }

  const mailbox = await startMailbox();
  mailboxes.set(apiUrl, mailbox);
  cleanups.push(() => {
    mailboxes.delete(apiUrl);
    return mailbox.close();
  });

  const stop = async () => {
    await Promise.all(children.map(stopProcess));
    for (const cleanup of cleanups.reverse()) await cleanup();
  };

  try {
    const apiDir = path.join(repoRoot, 'apps', 'api');
    const api = startProcess(process.execPath, ['--import', 'tsx', 'src/server.ts'], apiDir, {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // See apps/api/tsconfig.runtime.json: JSX in workspace packages needs the API's compiler options.
      TSX_TSCONFIG_PATH: path.join(apiDir, 'tsconfig.runtime.json'),
      API_HOST: '127.0.0.1',
      API_PORT: String(apiPort),
      SESSION_SECRET: 'e2e-session-secret-that-is-long-enough-123',
      UNSUBSCRIBE_SECRET: 'e2e-unsubscribe-secret-that-is-long-enough-456',
      RATE_LIMIT_ENABLED: 'false',
      PUBLIC_SITE_URL: marketingUrl,
      ADMIN_URL: adminUrl,
      // Mail is sent, to the stack's mailbox, within a fraction of a second.
      POSTMARK_SERVER_TOKEN: mailbox.token,
      POSTMARK_API_HOST: mailbox.host,
      EMAIL_WORKER_POLL_MS: '200',
      ...databaseEnv,
      ...options.apiEnv,
    });
    children.push(api);
    await waitForOk(`${apiUrl}/api/health`, api);

    if (options.marketing) {
      const dir = path.join(repoRoot, 'apps', 'marketing');
      if (!existsSync(path.join(dir, 'build', 'server', 'index.js')))
        throw new Error('Build apps/marketing first');
      const marketing = startProcess(process.execPath, ['server/serve.js'], dir, {
        NODE_ENV: 'production',
        MARKETING_PORT: String(marketingPort),
        MARKETING_HOST: '127.0.0.1',
        API_URL: apiUrl,
        ADMIN_URL: adminUrl,
        PUBLIC_SITE_URL: marketingUrl,
        ...options.marketingEnv,
      });
      children.push(marketing);
      await waitForOk(marketingUrl, marketing);
    }

    if (options.admin) {
      const dir = path.join(repoRoot, 'apps', 'admin');
      if (!existsSync(path.join(dir, 'dist', 'index.html')))
        throw new Error('Build apps/admin first');
      const admin = startProcess(process.execPath, ['server/serve.js'], dir, {
        NODE_ENV: 'production',
        ADMIN_PORT: String(adminPort),
        ADMIN_HOST: '127.0.0.1',
        API_URL: apiUrl,
        // The console frames the site's analytics opt-out page (its CSP names the site).
        PUBLIC_SITE_URL: marketingUrl,
        LOG_LEVEL: 'warn',
        ...options.adminEnv,
      });
      children.push(admin);
      await waitForOk(adminListenUrl, admin);
    }
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    apiUrl,
    databaseUrl,
    mailbox,
    publicUrls: { marketing: marketingUrl, admin: adminUrl },
    ...(options.marketing ? { marketingUrl } : {}),
    ...(options.admin ? { adminUrl } : {}),
    stop,
  };
}

export interface AppServer {
  url: string;
  /** The server's process id (tests read its memory use from /proc). */
  pid: number;
  /** Everything the server has written to stdout and stderr so far (its logs). */
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts one built app server (marketing or admin) on a free loopback port with
 * the given environment (API_URL may point at a fake upstream), and waits until
 * it answers anything at all.
 */
export async function startAppServer(
  app: 'marketing' | 'admin',
  env: Record<string, string>,
): Promise<AppServer> {
  const dir = path.join(repoRoot, 'apps', app);
  const built =
    app === 'marketing'
      ? path.join(dir, 'build', 'server', 'index.js')
      : path.join(dir, 'dist', 'index.html');
  if (!existsSync(built)) throw new Error(`Build apps/${app} first`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const prefix = app === 'marketing' ? 'MARKETING' : 'ADMIN';
  const child = startProcess(process.execPath, ['server/serve.js'], dir, {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    [`${prefix}_PORT`]: String(port),
    [`${prefix}_HOST`]: '127.0.0.1',
    ...env,
  });
  let output = '';
  const collect = (chunk: Buffer) => (output += chunk.toString());
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`apps/${app}: exited with ${child.exitCode}`);
    if (Date.now() - started > 60_000) {
      await stopProcess(child);
      throw new Error(`apps/${app} did not start within 60 s`);
    }
    const answered = await fetch(`${url}/robots.txt`).then(
      () => true,
      () => false,
    );
    if (answered) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, pid: child.pid!, output: () => output, stop: () => stopProcess(child) };
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  bodyLength: number;
}

export interface RecordingUpstream {
  url: string;
  /** Every request received so far, oldest first. */
  requests: RecordedRequest[];
  close: () => Promise<void>;
}

/**
 * A stand-in for the API on a free loopback port: it records what each request
 * looked like when it arrived (headers, body size) and answers 200 with JSON,
 * plus a Set-Cookie and a security header, so tests can see what a proxy passes on.
 */
export async function startRecordingUpstream(): Promise<RecordingUpstream> {
  const requests: RecordedRequest[] = [];
  const server = createHttpServer((request, response) => {
    let bodyLength = 0;
    request.on('data', (chunk: Buffer) => {
      bodyLength += chunk.length;
    });
    request.on('end', () => {
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        bodyLength,
      });
      response.setHeader('content-type', 'application/json; charset=utf-8');
      response.setHeader('set-cookie', 'upstream-session=secret; Path=/; HttpOnly');
      response.setHeader('x-frame-options', 'SAMEORIGIN');
      response.setHeader('cross-origin-resource-policy', 'same-site');
      response.end(JSON.stringify({ ok: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface LargeBodyAnswer {
  status: number;
  body: string;
  /** Bytes of the body written when the answer arrived. */
  sentBeforeAnswer: number;
}

/**
 * POSTs `bytes` bytes of JSON-typed filler, with a Content-Length or chunked,
 * writing 64 KB at a time with a pause in between, and stops writing as soon as
 * the server answers (a server that reads the whole body answers only at the end).
 */
export async function postLargeBody(
  url: string,
  { bytes, chunked }: { bytes: number; chunked: boolean },
): Promise<LargeBodyAnswer> {
  const target = new URL(url);
  const piece = Buffer.alloc(64 * 1024, 0x20);
  return new Promise<LargeBodyAnswer>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = httpRequest({
      host: target.hostname,
      port: target.port,
      path: `${target.pathname}${target.search}`,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(bytes) }),
      },
    });
    request.on('response', (response) => {
      answered = true;
      const sentBeforeAnswer = sent;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body, sentBeforeAnswer });
      });
    });
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    const writeNext = () => {
      if (answered || request.destroyed) return;
      if (sent >= bytes) {
        request.end();
        return;
      }
      const chunk = piece.subarray(0, Math.min(piece.length, bytes - sent));
      sent += chunk.length;
      if (request.write(chunk)) setTimeout(writeNext, 1);
      else request.once('drain', () => setTimeout(writeNext, 1));
    };
    writeNext();
  });
}

/** Resident memory of a process in bytes (Linux /proc). */
export function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

/** Debian's Chromium, headless, with the flags this closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install it with 'apt-get install -y chromium' (see README)`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}
export * from './security';
export * from './axe';
export * from './builds';
export * from './page-javascript';
