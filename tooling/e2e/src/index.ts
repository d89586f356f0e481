/**
 * End-to-end harness shared by the marketing and admin suites: a fresh database,
 * the real API and an app server as child processes on free loopback ports, and
 * Debian's headless Chromium driven by playwright-core.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '@repo/db/testing';
import { type Browser, chromium } from 'playwright-core';
import { type Mailbox, startMailbox } from './mailbox';
import { freePort, repoRoot, startProcess, stopProcess } from './processes';

export type { Mailbox, MailboxMessage } from './mailbox';
export { freePort } from './processes';

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

export interface Stack {
  apiUrl: string;
  marketingUrl?: string;
  /** Every marketing instance's address (the first is marketingUrl), with `marketingInstances`. */
  marketingUrls?: string[];
  adminUrl?: string;
  /** PUBLIC_SITE_URL and ADMIN_URL as every server is told them, whether that app runs or not. */
  publicUrls: { marketing: string; admin: string };
  /** Connection string of the run's own PostgreSQL database (when TEST_DATABASE_URL is set). */
  databaseUrl?: string;
  /** The mail the API sent (to a Postmark-compatible sink on loopback), as recipients get it. */
  mailbox: Mailbox;
  /** What the API printed on stdout so far (its JSON log lines). */
  apiOutput: () => string;
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
  /** How many marketing servers to start on one API (default 1), each on its own port. */
  marketingInstances?: number;
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
  const marketingUrls: string[] = [];

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

  let apiLog = '';
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
      POST_PREVIEW_SECRET: 'e2e-post-preview-secret-that-is-long-enough-789',
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
    api.stdout?.on('data', (chunk: Buffer) => (apiLog += chunk.toString()));
    await waitForOk(`${apiUrl}/api/health`, api);

    if (options.marketing) {
      const dir = path.join(repoRoot, 'apps', 'marketing');
      if (!existsSync(path.join(dir, 'build', 'server', 'index.js')))
        throw new Error('Build apps/marketing first');
      const ports = [marketingPort];
      while (ports.length < (options.marketingInstances ?? 1)) ports.push(await freePort());
      await Promise.all(
        ports.map(async (port) => {
          const marketing = startProcess(process.execPath, ['server/serve.js'], dir, {
            NODE_ENV: 'production',
            MARKETING_PORT: String(port),
            MARKETING_HOST: '127.0.0.1',
            API_URL: apiUrl,
            ADMIN_URL: adminUrl,
            PUBLIC_SITE_URL: marketingUrl,
            ...options.marketingEnv,
          });
          children.push(marketing);
          marketingUrls.push(`http://127.0.0.1:${port}`);
          await waitForOk(`http://127.0.0.1:${port}`, marketing);
        }),
      );
      marketingUrls.sort((a, b) => (a === marketingUrl ? -1 : b === marketingUrl ? 1 : 0));
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
    apiOutput: () => apiLog,
    databaseUrl,
    mailbox,
    publicUrls: { marketing: marketingUrl, admin: adminUrl },
    ...(options.marketing ? { marketingUrl, marketingUrls } : {}),
    ...(options.admin ? { adminUrl } : {}),
    stop,
  };
}

export interface LaunchOptions {
  /**
   * The browser's own user agent (`--user-agent`). A context's `userAgent` is an
   * override the page's own requests carry, but not a beacon sent while its page
   * unloads: Chromium sends that one from the browser, as HeadlessChrome, which
   * the API takes for a bot. A test that counts what arrives sets both.
   */
  userAgent?: string;
}

/** Debian's Chromium, headless, with the flags this closed network needs. */
export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install it with 'apt-get install -y chromium' (see README)`,
    );
  }
  const args = options.userAgent
    ? [...CHROMIUM_ARGS, `--user-agent=${options.userAgent}`]
    : CHROMIUM_ARGS;
  return chromium.launch({ executablePath: CHROMIUM_PATH, args, headless: true });
}
export * from './app-server';
export * from './security';
export * from './axe';
export * from './builds';
export * from './page-javascript';
export * from './shutdown';
export * from './api-proxy';
export * from './observability';
export * from './png';
export * from './raw-get';
export * from './survey';
