import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createHttpMetrics,
  readMetricsHost,
  readMetricsPort,
  readTrustRequestId,
  readMetricsToken,
  requestIdFrom,
  startMetricsServer,
  stopMetricsServer,
  trustedPeer,
} from '../src/index.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('readMetricsPort', () => {
  it('takes a port, 0 for off, the default when unset', () => {
    expect(readMetricsPort('X_METRICS_PORT', undefined, 9465)).toBe(9465);
    expect(readMetricsPort('X_METRICS_PORT', '', 9465)).toBe(9465);
    expect(readMetricsPort('X_METRICS_PORT', '0', 9465)).toBe(0);
    expect(readMetricsPort('X_METRICS_PORT', ' 19465 ', 9465)).toBe(19465);
  });

  it('refuses anything else, naming the variable', () => {
    for (const bad of ['nine', '-1', '70000', '1.5', '0x10']) {
      expect(() => readMetricsPort('ADMIN_METRICS_PORT', bad, 9466)).toThrow(
        /^ADMIN_METRICS_PORT: /,
      );
    }
  });
});

describe('readTrustRequestId', () => {
  it("is off unless set: a proxy's ids are kept only when it is said to make them", () => {
    expect(readTrustRequestId('X_TRUST_REQUEST_ID', undefined)).toBe(false);
    expect(readTrustRequestId('X_TRUST_REQUEST_ID', '')).toBe(false);
    expect(readTrustRequestId('X_TRUST_REQUEST_ID', 'false')).toBe(false);
    expect(readTrustRequestId('X_TRUST_REQUEST_ID', '0')).toBe(false);
    expect(readTrustRequestId('X_TRUST_REQUEST_ID', ' true ')).toBe(true);
    expect(readTrustRequestId('X_TRUST_REQUEST_ID', '1')).toBe(true);
  });

  it('refuses anything else, naming the variable', () => {
    for (const bad of ['yes', 'loopback', '10.0.0.0/8']) {
      expect(() => readTrustRequestId('ADMIN_TRUST_REQUEST_ID', bad)).toThrow(
        /^ADMIN_TRUST_REQUEST_ID: /,
      );
    }
  });
});

describe('readMetricsHost and readMetricsToken (issue 31)', () => {
  it('binds loopback unless told otherwise', () => {
    expect(readMetricsHost(undefined)).toBe('127.0.0.1');
    expect(readMetricsHost('')).toBe('127.0.0.1');
    expect(readMetricsHost('0.0.0.0')).toBe('0.0.0.0');
  });

  it('takes no token when unset, refuses a short one', () => {
    expect(readMetricsToken(undefined)).toBeUndefined();
    expect(readMetricsToken('')).toBeUndefined();
    expect(readMetricsToken('a-token-of-16-ch')).toBe('a-token-of-16-ch');
    expect(() => readMetricsToken('short')).toThrow(/^METRICS_TOKEN: /);
  });
});

describe('request ids', () => {
  it("keeps a trusted peer's short, safe id; replaces any other", () => {
    expect(requestIdFrom('abc-123:x.y_z', true)).toBe('abc-123:x.y_z');
    expect(requestIdFrom('abc-123', false)).toMatch(UUID);
    for (const hostile of ['a\nb', 'x'.repeat(10_000), 'x'.repeat(129), 'a b', '', 'é']) {
      expect(requestIdFrom(hostile, true)).toMatch(UUID);
    }
    expect(requestIdFrom(['a', 'b'], true)).toMatch(UUID);
    expect(requestIdFrom(undefined, true)).not.toBe(requestIdFrom(undefined, true));
  });

  it('trusts peers as the TRUST_PROXY setting says', () => {
    const loopback = trustedPeer(['loopback']);
    expect(loopback('127.0.0.1')).toBe(true);
    expect(loopback('::1')).toBe(true);
    expect(loopback('10.0.0.5')).toBe(false);
    expect(loopback(undefined)).toBe(false);
    expect(trustedPeer(['10.0.0.0/8'])('10.1.2.3')).toBe(true);
    expect(trustedPeer(false)('127.0.0.1')).toBe(false);
    expect(trustedPeer(true)('203.0.113.9')).toBe(true);
  });
});

describe('the metrics listener', () => {
  let server: Server | undefined;
  afterEach(() => stopMetricsServer(server));

  it('serves GET /metrics (RED and default metrics) and nothing else', async () => {
    const metrics = createHttpMetrics();
    metrics.observe('GET', '/blog/:slug', 200, 0.02);
    metrics.observe('GET', '/blog/:slug', 200, 0.3);
    metrics.counter('page_cache_lookups_total', 'test', ['result']).inc({ result: 'hit' });
    server = await startMetricsServer(metrics.registry, { host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const response = await fetch(`${base}/metrics`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain(
      'http_requests_total{method="GET",route="/blog/:slug",status_code="200"} 2',
    );
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.025",method="GET",route="/blog/:slug",status_code="200"} 1',
    );
    expect(text).toContain('page_cache_lookups_total{result="hit"} 1');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('nodejs_heap_size_used_bytes');
    for (const [path, method] of [
      ['/', 'GET'],
      ['/metrics/x', 'GET'],
      ['/metrics', 'POST'],
    ] as const) {
      expect((await fetch(`${base}${path}`, { method })).status).toBe(404);
    }
  });

  it('with a token, answers 401 without it or with a wrong one, and 200 with it', async () => {
    const token = 'metrics-token-0123456789abcdef';
    const metrics = createHttpMetrics();
    metrics.observe('GET', '/', 200, 0.01);
    server = await startMetricsServer(metrics.registry, { host: '127.0.0.1', port: 0, token });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
    for (const authorization of [
      undefined,
      'Bearer ',
      'Bearer wrong-token-0123456789abcdef',
      `Bearer ${token}x`,
      `Bearer ${token.slice(0, -1)}`,
      token,
    ]) {
      const response = await fetch(url, {
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.status, String(authorization)).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await response.text()).not.toContain('http_requests_total');
    }
    const right = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    expect(right.status).toBe(200);
    expect(await right.text()).toContain('http_requests_total');
  });

  it('rejects when its port is taken', async () => {
    server = await startMetricsServer(createHttpMetrics().registry, { host: '127.0.0.1', port: 0 });
    const port = (server.address() as AddressInfo).port;
    await expect(
      startMetricsServer(createHttpMetrics().registry, { host: '127.0.0.1', port }),
    ).rejects.toThrow(/EADDRINUSE/);
  });
});
