import { describeMetricsAndRequestIds, freePort, startStack, type Stack } from '@repo/e2e';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The /api proxy labels by the route table's pattern (routes/api.$.ts).
describeMetricsAndRequestIds('marketing', { proxiedRoute: '/api/posts' });

describe('marketing: pages by Remix route, and the page cache (issue 21)', () => {
  let stack: Stack;
  let metricsUrl: string;
  beforeAll(async () => {
    const port = await freePort();
    metricsUrl = `http://127.0.0.1:${port}/metrics`;
    stack = await startStack({
      marketing: true,
      marketingEnv: { MARKETING_METRICS_PORT: String(port), MARKETING_METRICS_HOST: '127.0.0.1' },
    });
  });
  afterAll(() => stack?.stop());

  const sample = async (pattern: RegExp) => {
    const line = (await (await fetch(metricsUrl)).text()).split('\n').find((l) => pattern.test(l));
    return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
  };

  it('counts page cache hits and misses, so the hit ratio can be computed', async () => {
    const hits = () => sample(/^wordloom_page_cache_lookups_total\{result="hit"\}/);
    const misses = () => sample(/^wordloom_page_cache_lookups_total\{result="miss"\}/);
    const [hitsBefore, missesBefore] = [await hits(), await misses()];
    const first = await fetch(`${stack.marketingUrl}/blog`);
    expect(first.headers.get('x-cache')).toBe('MISS');
    await first.text(); // stored once the answer is complete
    const second = await fetch(`${stack.marketingUrl}/blog`);
    await second.text();
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(await misses()).toBe(missesBefore + 1);
    expect(await hits()).toBe(hitsBefore + 1);
    // A hit answers with this request's id, not the cached render's.
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
  });

  it('labels a page by its Remix route id, a client navigation (.data) likewise', async () => {
    await fetch(`${stack.marketingUrl}/blog/some-post-${Date.now()}`);
    await fetch(`${stack.marketingUrl}/blog/another-${Date.now()}.data`);
    expect(
      await sample(/^http_requests_total\{method="GET",route="routes\/blog\.\$slug",/),
    ).toBeGreaterThanOrEqual(1);
    // The /blog views above, rendered or from the cache: one label.
    expect(
      await sample(
        /^http_requests_total\{method="GET",route="routes\/blog\._index",status_code="200"\}/,
      ),
    ).toBeGreaterThanOrEqual(2);
    const text = await (await fetch(metricsUrl)).text();
    expect(text).not.toMatch(/route="[^"]*(some-post|another)-/);
  });
});
