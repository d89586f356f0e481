import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';

const API_ROOT = path.resolve(import.meta.dirname, '../..');
const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;
const OUTPUT_LINES_KEPT = 40;

/** A server started as a child process (an API instance, or the baseline). */
export interface ServerProcess {
  label: string;
  url: string;
  /** Exit code, or undefined while it runs. */
  exitCode: () => number | null | undefined;
  /** Whether it exited before `stop()` asked it to. */
  diedEarly: () => boolean;
  /** The last lines it printed, for a failure message. */
  output: () => string;
  /** SIGTERM, then SIGKILL after a deadline; resolves with the exit code. */
  stop: () => Promise<number | null>;
}

/** Settings every API instance of the load test runs with: production, default limits. */
export function apiEnvironment(options: {
  databaseUrl: string;
  redisUrl: string;
  port: number;
  secrets: { session: string; unsubscribe: string; postPreview: string; setupToken: string };
}): Record<string, string> {
  // The inherited environment must not lower a limit, turn shedding off or send real mail.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] =>
        entry[1] !== undefined &&
        !/^(RATE_LIMIT_|LOAD_SHEDDING_|POSTMARK_|DATABASE_|PGLITE_|API_|REDIS_URL$|NODE_ENV$|LOG_LEVEL$)/.test(
          entry[0],
        ),
    ),
  );
  return {
    ...inherited,
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.LOADTEST_LOG_LEVEL ?? 'warn',
    API_HOST: '127.0.0.1',
    API_PORT: String(options.port),
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    SESSION_SECRET: options.secrets.session,
    UNSUBSCRIBE_SECRET: options.secrets.unsubscribe,
    POST_PREVIEW_SECRET: options.secrets.postPreview,
    ADMIN_SETUP_TOKEN: options.secrets.setupToken,
    TSX_TSCONFIG_PATH: 'tsconfig.runtime.json',
  };
}

export function randomSecrets() {
  return {
    session: randomBytes(24).toString('hex'),
    unsubscribe: randomBytes(24).toString('hex'),
    postPreview: randomBytes(24).toString('hex'),
    setupToken: randomBytes(16).toString('hex'),
  };
}

/** `count` different ports nothing listens on right now. */
export async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer());
  const ports = await Promise.all(
    servers.map(
      (server) =>
        new Promise<number>((resolve) =>
          server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
        ),
    ),
  );
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/**
 * Starts `node --import tsx <script>` from apps/api and waits until `readyPath`
 * answers 200 (the API's health check needs the database).
 */
export async function startServer(options: {
  label: string;
  script: string;
  port: number;
  env: Record<string, string>;
  readyPath: string;
}): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', options.script], {
    cwd: API_ROOT,
    // Several servers at once, beside the tests' own: no metrics listener (its fixed
    // default port would collide) unless the caller asks for one.
    env: { API_METRICS_PORT: '0', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - OUTPUT_LINES_KEPT));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exitCode: number | null | undefined;
  let stopping = false;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      // null: ended by a signal.
      exitCode = code;
      resolve(code);
    }),
  );

  const url = `http://127.0.0.1:${options.port}`;
  const server: ServerProcess = {
    label: options.label,
    url,
    exitCode: () => exitCode,
    diedEarly: () => exitCode !== undefined && !stopping,
    output: () => lines.join('\n'),
    stop: async () => {
      stopping = true;
      if (exitCode !== undefined) return exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };

  const started = Date.now();
  for (;;) {
    if (exitCode !== undefined) {
      throw new Error(`${options.label} exited (${exitCode}) while starting:\n${server.output()}`);
    }
    const status = await fetch(url + options.readyPath).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return server;
    if (Date.now() - started > READY_TIMEOUT_MS) {
      await server.stop();
      throw new Error(`${options.label} was not ready after ${READY_TIMEOUT_MS} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
