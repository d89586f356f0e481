/**
 * One app server (marketing or admin) on its own, against a stand-in API that
 * records what reaches it: the suites' proxy, header and shutdown checks.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import path from 'node:path';
import { freePort, repoRoot, startProcess, stopProcess } from './processes';

export interface AppServer {
  url: string;
  /** The server's process id (tests read its memory use from /proc). */
  pid: number;
  /** Everything the server has written to stdout and stderr so far (its logs). */
  output: () => string;
  /** Sends the server a signal (the shutdown checks). */
  kill: (signal: NodeJS.Signals) => void;
  /** The server's exit status, once it has exited. */
  exited: Promise<number | null>;
  /** Its exit status now: null while it runs. */
  exitCode: () => number | null;
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
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
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
  return {
    url,
    pid: child.pid!,
    output: () => output,
    kill: (signal) => child.kill(signal),
    exited,
    exitCode: () => child.exitCode,
    stop: () => stopProcess(child),
  };
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
 * A body for postLargeBody that a refusal before reading can be told from a read:
 * far more than the kernel's buffers on loopback take in while a busy server has not
 * read yet (several MB; a 2 MB upload was once all written before the 413 came).
 */
export const LARGE_BODY_BYTES = 32 * 1024 * 1024;

/**
 * POSTs `bytes` bytes of JSON-typed filler, with a Content-Length or chunked,
 * writing 64 KB at a time with a pause in between, and stops writing as soon as
 * the server answers (a server that reads the whole body answers only at the end).
 *
 * A server that answers early closes the connection behind its answer, and on a busy
 * machine the client's next write can fail (EPIPE, ECONNRESET) before Node has parsed
 * the answer already on the socket: the upload is then made once more, and its answer
 * is the one given. Any other failure, or the same twice, is the caller's.
 */
export async function postLargeBody(
  url: string,
  options: { bytes: number; chunked: boolean },
): Promise<LargeBodyAnswer> {
  try {
    return await postLargeBodyOnce(url, options);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EPIPE' && code !== 'ECONNRESET') throw error;
    return postLargeBodyOnce(url, options);
  }
}

async function postLargeBodyOnce(
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
