// What the two front-end servers (apps/marketing/server/serve.js, Express, and
// apps/admin/server/serve.js, Fastify) share: whom to trust for the client's
// address, the security headers of every answer, and the graceful stop.
//
// Plain JavaScript, because the servers run it under node with no build step;
// its JSDoc types are checked by tsc (checkJs, `pnpm typecheck`).
import console from 'node:console';
import process from 'node:process';
import { clearTimeout, setImmediate, setTimeout } from 'node:timers';

/**
 * MARKETING_TRUST_PROXY, ADMIN_TRUST_PROXY: which peers may tell the server the
 * client's address (X-Forwarded-For), scheme and host. 'true' trusts every peer,
 * 'false' none; anything else is a comma-separated list of addresses, CIDR ranges
 * or the keywords 'loopback', 'linklocal', 'uniquelocal' (proxy-addr syntax, as
 * the API's TRUST_PROXY). Unset: loopback.
 * @param {string | undefined} value
 * @returns {boolean | string[]}
 */
export function parseTrustProxy(value) {
  const text = (value ?? 'loopback').trim();
  if (text === 'true') return true;
  if (text === 'false' || text === '') return false;
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * Headers on the server's own answers (pages, assets, feeds). Each server adds
 * its Content-Security-Policy, and leaves the API's answers their own headers.
 * @param {{ production: boolean }} options
 * @returns {Record<string, string>}
 */
export function securityHeaders({ production }) {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    // Browsers ignore HSTS over plain HTTP; in production the servers are behind HTTPS.
    ...(production ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/**
 * SHUTDOWN_TIMEOUT_MS: how long a stop waits for the requests in flight.
 * @param {string | undefined} value
 * @returns {number} milliseconds (10 s when unset)
 */
export function readShutdownTimeout(value) {
  const milliseconds = Number(value || 10_000);
  if (!Number.isInteger(milliseconds) || milliseconds < 100) {
    throw new Error('SHUTDOWN_TIMEOUT_MS: a whole number of milliseconds, 100 or more');
  }
  return milliseconds;
}

/**
 * A setting read at start: its value, or, when `read` throws, the message on
 * stderr and exit status 1 (a stack trace would bury what to fix).
 * @template T
 * @param {() => T} read
 * @returns {T}
 */
export function settingOrExit(read) {
  try {
    return read();
  } catch (error) {
    console.error(`Invalid configuration:\n  ${error instanceof Error ? error.message : error}`);
    return process.exit(1);
  }
}

/**
 * @typedef {object} ShutdownLog
 * @property {(message: string) => void} info
 * @property {(message: string, error?: unknown) => void} error
 */

/** @type {ShutdownLog} */
const consoleLog = {
  info: (message) => console.log(message),
  error: (message, error) =>
    error === undefined ? console.error(message) : console.error(message, error),
};

/**
 * Graceful stop on SIGTERM and SIGINT: new connections are refused, requests in
 * flight finish (a keep-alive connection ends after its last answer), then exit 0.
 * Past `timeoutMs` what is left is cut and the exit status is 1.
 * @param {object} options
 * @param {import('node:http').Server} options.server the listening HTTP server
 * @param {() => Promise<void>} options.close stops listening; resolves once the last connection ended
 * @param {number} options.timeoutMs SHUTDOWN_TIMEOUT_MS
 * @param {ShutdownLog} [options.log] the console unless told
 * @param {(code: number) => void} [options.exit] process.exit unless a test says otherwise
 * @param {NodeJS.Signals[]} [options.signals] the signals that start it
 * @returns {(signal: string) => void} starts the stop (again: nothing)
 */
export function stopGracefully({
  server,
  close,
  timeoutMs,
  log = consoleLog,
  exit = (code) => process.exit(code),
  signals = ['SIGTERM', 'SIGINT'],
}) {
  let closing = false;
  server.on('request', (_request, response) => {
    if (closing) response.setHeader('connection', 'close');
    response.once('finish', () => {
      if (closing) setImmediate(() => server.closeIdleConnections());
    });
  });
  /** @param {string} signal */
  const shutdown = (signal) => {
    if (closing) return;
    closing = true;
    log.info(`${signal} received: finishing in-flight requests (up to ${timeoutMs} ms)`);
    const timer = setTimeout(() => {
      log.error(
        `shutdown unfinished after ${timeoutMs} ms (SHUTDOWN_TIMEOUT_MS): closing the remaining connections`,
      );
      server.closeAllConnections();
      exit(1);
    }, timeoutMs);
    close().then(
      () => {
        clearTimeout(timer);
        exit(0);
      },
      (error) => {
        clearTimeout(timer);
        log.error('shutdown failed', error);
        exit(1);
      },
    );
  };
  for (const signal of signals) process.on(signal, () => shutdown(signal));
  return shutdown;
}

export {
  REQUEST_ID_HEADER,
  UNMATCHED_ROUTE,
  createHttpMetrics,
  readMetricsHost,
  readMetricsPort,
  readTrustRequestId,
  readMetricsToken,
  requestIdFrom,
  startMetricsServer,
  stopMetricsServer,
  trustedPeer,
} from './metrics.js';
