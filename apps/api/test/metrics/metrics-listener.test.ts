import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startMetricsListener } from '../../src/metrics/listener';

const TOKEN = 'metrics-token-0123456789abcdef';
const source = { contentType: 'text/plain; version=0.0.4', metrics: async () => 'up 1\n' };

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

async function start(token?: string): Promise<string> {
  server = await startMetricsListener(source, { host: '127.0.0.1', port: 0, token });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
}

describe('the metrics listener (issue 31)', () => {
  it('with METRICS_TOKEN, answers 401 without the bearer token or with a wrong one, and nothing of the metrics', async () => {
    const url = await start(TOKEN);
    for (const authorization of [
      undefined,
      '',
      'Bearer',
      'Bearer ',
      'Bearer wrong-token-0123456789abcdef',
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString('base64')}`,
      TOKEN,
    ]) {
      const response = await fetch(url, {
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.status, String(authorization)).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await response.text()).not.toContain('up 1');
    }
    const right = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.status).toBe(200);
    expect(await right.text()).toBe('up 1\n');
  });

  it('without METRICS_TOKEN, answers any scrape (the network decides who reaches it)', async () => {
    const url = await start();
    expect((await fetch(url)).status).toBe(200);
  });
});
