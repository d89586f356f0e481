/**
 * Issue 21, the signals an operator watches, as each front end shows them: its
 * metrics on a port of its own (never on the app port, never through its /api
 * proxy), route labels that are patterns, and the x-request-id it sends to the API:
 * one id in the visitor's answer and on the API's log lines.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, startAppServer } from './app-server';
import { type Stack, startStack } from './index';
import { freePort } from './processes';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The label values a metric carries for `label`, from Prometheus text. */
export function labelValuesIn(text: string, metric: string, label: string): Set<string> {
  const found = new Set<string>();
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${metric}{`)) continue;
    const match = new RegExp(`[{,]${label}="((?:[^"\\\\]|\\\\.)*)"`).exec(line);
    if (match) found.add(match[1]!);
  }
  return found;
}

/** The sum of a metric's samples whose labels include `labels`, from Prometheus text. */
export function sampleSum(text: string, metric: string, labels: Record<string, string> = {}) {
  let total = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${metric}{`) && !line.startsWith(`${metric} `)) continue;
    if (Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`))) {
      total += Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return total;
}

/** The API's log lines (JSON) that carry `reqId`. */
function apiLinesOf(stack: Stack, reqId: string): Record<string, unknown>[] {
  return stack
    .apiOutput()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.reqId === reqId);
}

async function eventually<T>(read: () => T, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One raw HTTP/1.1 request (what fetch refuses to send), and the answer's head. */
function rawRequest(url: string, head: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(head));
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      if (answer.includes('\r\n\r\n')) socket.destroy();
    });
    socket.on('close', () => resolve(answer.split('\r\n\r\n')[0] ?? ''));
    socket.on('error', reject);
  });
}

const METRICS_TOKEN = 'e2e-metrics-token-0123456789';
/** A scrape as Prometheus makes it, with METRICS_TOKEN (issue 31). */
const scrape = (url: string) =>
  fetch(url, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });

/**
 * The checks for one front end. `proxiedRoute`: the label the server gives its
 * /api/posts answers (the route table's pattern, or the proxy's route).
 */
export function describeMetricsAndRequestIds(
  app: 'marketing' | 'admin',
  { proxiedRoute }: { proxiedRoute: string },
) {
  const prefix = app === 'marketing' ? 'MARKETING' : 'ADMIN';
  describe(`${app}: metrics and request ids (issue 21)`, () => {
    let stack: Stack;
    let untrusting: AppServer;
    let idsUntrusted: AppServer;
    let front: string;
    let metricsUrl: string;

    beforeAll(async () => {
      const metricsPort = await freePort();
      metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
      const env = {
        [`${prefix}_METRICS_PORT`]: String(metricsPort),
        [`${prefix}_METRICS_HOST`]: '127.0.0.1',
        // This test's requests come from loopback, the proxy it trusts, one that makes
        // its own ids (issue 31).
        [`${prefix}_TRUST_REQUEST_ID`]: 'true',
        METRICS_TOKEN,
      };
      stack = await startStack({
        [app]: true,
        apiEnv: { LOG_LEVEL: 'info', TRUST_PROXY: 'loopback' },
        ...(app === 'marketing' ? { marketingEnv: env } : { adminEnv: env }),
      });
      front = (app === 'marketing' ? stack.marketingUrl : stack.adminUrl)!;
      // The same server, trusting no proxy: this test's requests come from a stranger.
      untrusting = await startAppServer(app, {
        API_URL: stack.apiUrl,
        [`${prefix}_TRUST_PROXY`]: 'false',
      });
      // Trusting loopback for the client's address, but not for request ids (the
      // default): an ingress that passes a client's id on (issue 31).
      idsUntrusted = await startAppServer(app, {
        API_URL: stack.apiUrl,
        [`${prefix}_TRUST_PROXY`]: 'loopback',
      });
    });
    afterAll(async () => {
      await idsUntrusted?.stop();
      await untrusting?.stop();
      await stack?.stop();
    });

    it("sends a trusted proxy's id on to the API: in the answer and on the API's log lines", async () => {
      const id = `trace-${Math.random().toString(36).slice(2)}`;
      const response = await fetch(`${front}/api/posts`, { headers: { 'x-request-id': id } });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-request-id')).toBe(id);
      const lines = await eventually(
        () => apiLinesOf(stack, id),
        (found) => found.length >= 2,
      );
      expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    });

    it('does so for a refused signup too (a 400 from the API)', async () => {
      const id = `signup-${Math.random().toString(36).slice(2)}`;
      const response = await fetch(`${front}/api/waitlist`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': id },
        body: JSON.stringify({ email: 'not an address' }),
      });
      expect(response.status).toBe(400);
      expect(response.headers.get('x-request-id')).toBe(id);
      const lines = await eventually(
        () => apiLinesOf(stack, id),
        (found) => found.some((line) => line.msg === 'request completed'),
      );
      expect(lines.find((line) => line.msg === 'request completed')).toMatchObject({
        res: { statusCode: 400 },
      });
    });

    it('makes its own id when none is given, and the API logs that one', async () => {
      const response = await fetch(`${front}/api/posts`);
      const id = response.headers.get('x-request-id') ?? '';
      expect(id).toMatch(UUID);
      expect(
        await eventually(
          () => apiLinesOf(stack, id),
          (found) => found.length >= 2,
        ),
      ).toHaveLength(2);
    });

    it('replaces an id from a peer it does not trust (a spoof)', async () => {
      const spoofed = `spoofed-${Math.random().toString(36).slice(2)}`;
      const response = await fetch(`${untrusting.url}/api/posts`, {
        headers: { 'x-request-id': spoofed },
      });
      expect(response.status).toBe(200);
      const id = response.headers.get('x-request-id') ?? '';
      expect(id).toMatch(UUID);
      await eventually(
        () => apiLinesOf(stack, id),
        (found) => found.length >= 2,
      );
      expect(apiLinesOf(stack, id)).toHaveLength(2);
      expect(stack.apiOutput()).not.toContain(spoofed);
    });

    it(`replaces the id of a proxy trusted for addresses only (${prefix}_TRUST_REQUEST_ID unset, issue 31)`, async () => {
      const chosen = `chosen-${Math.random().toString(36).slice(2)}`;
      const response = await fetch(`${idsUntrusted.url}/api/posts`, {
        headers: { 'x-request-id': chosen },
      });
      expect(response.status).toBe(200);
      const id = response.headers.get('x-request-id') ?? '';
      expect(id).toMatch(UUID);
      // The fresh id is the one the API logs, and the chosen one appears nowhere.
      expect(
        await eventually(
          () => apiLinesOf(stack, id),
          (found) => found.length >= 2,
        ),
      ).toHaveLength(2);
      expect(stack.apiOutput()).not.toContain(chosen);
      expect(idsUntrusted.output()).not.toContain(chosen);
    });

    it('replaces a hostile id, even from a trusted proxy: 10 kB, spaces, a line break', async () => {
      for (const hostile of ['x'.repeat(10_000), 'a b', 'a"}{"level":60']) {
        const response = await fetch(`${front}/api/posts`, {
          headers: { 'x-request-id': hostile },
        });
        expect(response.status).toBe(200);
        expect(response.headers.get('x-request-id')).toMatch(UUID);
      }
      expect(stack.apiOutput()).not.toContain('x'.repeat(200));
      // A line break cannot be sent with fetch: raw, it never becomes an id.
      const marker = `evil${Math.random().toString(36).slice(2)}`;
      const head = await rawRequest(
        front,
        `GET /api/posts HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Request-Id: ${marker}\nInjected: 1\r\nConnection: close\r\n\r\n`,
      );
      expect(head).toMatch(/^HTTP\/1\.1 (200|400) /);
      expect(head).not.toContain(marker);
      expect(stack.apiOutput()).not.toContain(marker);
    });

    it('serves its metrics on its own port, never on the app port nor through /api', async () => {
      for (const path of ['/metrics', '/api/metrics']) {
        const response = await fetch(`${front}${path}`);
        expect(response.status, path).toBe(404);
        expect(await response.text()).not.toContain('http_requests_total');
      }
      // METRICS_TOKEN reaches the listener: a scrape without it, or with another, is a 401.
      expect((await fetch(metricsUrl)).status).toBe(401);
      const wrong = { authorization: `Bearer ${METRICS_TOKEN}-not` };
      expect((await fetch(metricsUrl, { headers: wrong })).status).toBe(401);
      const response = await scrape(metricsUrl);
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(sampleSum(text, 'http_requests_total', { route: proxiedRoute })).toBeGreaterThan(0);
      expect(text).toContain('nodejs_eventloop_lag_seconds');
      expect(text).toContain('http_request_duration_seconds_bucket');
    });

    it('labels requests by route pattern: a token or a random path adds no label value', async () => {
      const before = labelValuesIn(
        await (await scrape(metricsUrl)).text(),
        'http_requests_total',
        'route',
      );
      const tokens = Array.from({ length: 3 }, () => Math.random().toString(36).slice(2));
      for (const token of tokens) {
        await fetch(`${front}/api/posts/${token}`);
        await fetch(`${front}/api/waitlist/status/${token}`);
        await fetch(`${front}/no-such-page-${token}`);
        await fetch(`${front}/api/nothing-${token}`);
      }
      const after = labelValuesIn(
        await (await scrape(metricsUrl)).text(),
        'http_requests_total',
        'route',
      );
      const added = [...after].filter((route) => !before.has(route));
      expect(added.every((route) => !tokens.some((token) => route.includes(token)))).toBe(true);
      // Three rounds of four kinds of path: at most four new label values, whatever the tokens.
      expect(added.length).toBeLessThanOrEqual(4);
    });
  });
}
