// @vitest-environment node
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { brotliAtBest, rawGet } from '@repo/e2e';
import compression from 'compression';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createPageCache,
  parsePageCacheSetting,
  sharedCacheLifetime,
} from '../server/page-cache.js';

const PAGE_CACHE = 'public, max-age=60, s-maxage=300, stale-while-revalidate=600';
const POLICY = "default-src 'self'; script-src 'self' 'sha256-boot' 'sha256-run'";
const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/**
 * The production server's order (server/serve.js): compression, the cache, then
 * a stand-in for Remix that renders a page whose policy names its scripts by hash.
 */
async function startSite(options: { enabled?: boolean } = {}) {
  let clock = 1_000_000;
  const renders: string[] = [];
  const lookups: string[] = [];
  const cache = createPageCache({
    enabled: options.enabled ?? true,
    now: () => clock,
    skip: (req) => req.path.startsWith('/api/'),
    onLookup: (result) => lookups.push(result),
  });
  const app = express();
  app.use(compression({ threshold: 1024 }));
  app.use(cache.serve, cache.capture);
  /** Holds the first rendering of /slow until released. */
  let holdSlow = true;
  let releaseSlow: () => void = () => undefined;
  let slowStarted: () => void = () => undefined;
  const slowGate = { started: new Promise<void>((resolve) => (slowStarted = resolve)) };
  app.get('*', async (req, res) => {
    if (req.path === '/slow' && holdSlow) {
      holdSlow = false;
      slowStarted();
      await new Promise<void>((resolve) => (releaseSlow = resolve));
    }
    renders.push(req.originalUrl);
    if (req.path === '/cookie') res.setHeader('set-cookie', 'a=b');
    if (req.path === '/gone')
      return res.status(404).set('cache-control', 'public, s-maxage=60').send('gone');
    res.setHeader('cache-control', req.path === '/private' ? 'private, max-age=60' : PAGE_CACHE);
    res.setHeader('content-security-policy', POLICY);
    res.type('html');
    // Larger than the compression threshold, like every real page.
    res.write('<html><head><script>boot()</script></head><body>');
    res.end(
      `<p>${req.originalUrl}</p>${'<p>text</p>'.repeat(200)}<script>run()</script></body></html>`,
    );
  });
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    cache,
    renders,
    lookups,
    slowStarted: slowGate.started,
    releaseSlow: () => releaseSlow(),
    /** Fetches and reads to the end (a page is kept once its answer has finished). */
    get: async (path: string, headers: Record<string, string> = {}, method = 'GET') => {
      const response = await fetch(`${base}${path}`, { headers, method });
      const body = await response.text();
      return { status: response.status, headers: response.headers, body };
    },
    url: (path: string) => `${base}${path}`,
    advance: (seconds: number) => {
      clock += seconds * 1000;
    },
  };
}

describe('the page cache', () => {
  it('answers a repeated anonymous GET from memory, rendering the page once', async () => {
    const site = await startSite();
    const first = await site.get('/blog');
    expect(first.headers.get('x-cache')).toBe('MISS');
    const firstBody = first.body;
    const second = await site.get('/blog');
    expect(second.status).toBe(200);
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.headers.get('cache-control')).toBe(PAGE_CACHE);
    expect(second.headers.get('age')).toBe('0');
    expect(second.body).toBe(firstBody);
    expect(second.headers.get('content-security-policy')).toBe(POLICY);
    expect(site.renders).toEqual(['/blog']);
  });

  it('sends a hit as its copy compressed once, at brotli quality 11 or gzip level 9, as the request accepts', async () => {
    const site = await startSite();
    const page = (await site.get('/')).body;
    await site.cache.compressed();
    const brotli = await rawGet(site.url('/'), { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(brotli.headers['x-cache']).toBe('HIT');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotli.headers['content-security-policy']).toBe(POLICY);
    // Encoded once: the compression middleware let the stored bytes pass.
    expect(brotliDecompressSync(brotli.bytes).toString()).toBe(page);
    const best = brotliAtBest(page);
    expect(brotli.bytes.equals(best)).toBe(true);
    expect(Number(brotli.headers['content-length'])).toBe(best.length);

    const gzip = await rawGet(site.url('/'), { 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.bytes).toString()).toBe(page);
    const plain = await rawGet(site.url('/'));
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.toString()).toBe(page);
    expect(site.renders).toEqual(['/']);
  });

  it('compresses what it serves for the encoding each request accepts, compressed copies ready or not', async () => {
    const site = await startSite();
    await site.get('/');
    const brotli = await site.get('/', { 'accept-encoding': 'br' });
    expect(brotli.headers.get('x-cache')).toBe('HIT');
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toMatch(/accept-encoding/i);
    const gzip = await site.get('/', { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    // fetch decodes: the body is the page either way.
    expect(gzip.body).toContain('<p>/</p>');
    expect(brotli.body).toContain('<p>/</p>');
  });

  it('keeps one copy per path and query string', async () => {
    const site = await startSite();
    await site.get('/blog?category=News');
    await site.get('/blog?category=Guides');
    const again = await site.get('/blog?category=News');
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(again.body).toContain('<p>/blog?category=News</p>');
    expect(site.renders).toEqual(['/blog?category=News', '/blog?category=Guides']);
  });

  it('is bypassed by requests with a cookie or credentials, and by other methods', async () => {
    const site = await startSite();
    await site.get('/');
    const credentials: Record<string, string>[] = [
      { cookie: 'session=1' },
      { authorization: 'Bearer key' },
    ];
    for (const headers of credentials) {
      const answer = await site.get('/', headers);
      expect(answer.headers.get('x-cache')).toBeNull();
    }
    const posted = await site.get('/', {}, 'POST');
    expect(posted.headers.get('x-cache')).toBeNull();
    expect(site.renders).toEqual(['/', '/', '/']);
  });

  it('never keeps answers that set a cookie, are private, are not 200 or are not its to cache', async () => {
    const site = await startSite();
    for (const path of ['/cookie', '/private', '/gone', '/api/posts']) {
      await site.get(path);
      const again = await site.get(path);
      expect(again.headers.get('x-cache'), path).not.toBe('HIT');
    }
    expect(site.renders).toEqual([
      '/cookie',
      '/cookie',
      '/private',
      '/private',
      '/gone',
      '/gone',
      '/api/posts',
      '/api/posts',
    ]);
  });

  it('keeps a page for its s-maxage, then one request renders it again while the others get the stale copy', async () => {
    const site = await startSite();
    await site.get('/');
    site.advance(299);
    expect((await site.get('/')).headers.get('x-cache')).toBe('HIT');
    site.advance(2);
    const [refreshing, meanwhile] = await Promise.all([site.get('/'), site.get('/')]);
    expect([refreshing, meanwhile].map((answer) => answer.headers.get('x-cache')).sort()).toEqual([
      'HIT',
      'MISS',
    ]);
    expect(site.renders).toEqual(['/', '/']);
    const fresh = await site.get('/');
    expect(fresh.headers.get('x-cache')).toBe('HIT');
    expect(fresh.headers.get('age')).toBe('0');
    // Past the stale-while-revalidate window the copy is never served.
    site.advance(300 + 600 + 1);
    expect((await site.get('/')).headers.get('x-cache')).toBe('MISS');
  });

  it('is switched off by MARKETING_PAGE_CACHE=0', async () => {
    expect(parsePageCacheSetting(undefined)).toBe(true);
    expect(parsePageCacheSetting('1')).toBe(true);
    expect(parsePageCacheSetting('0')).toBe(false);
    expect(() => parsePageCacheSetting('sometimes')).toThrow('MARKETING_PAGE_CACHE');
    const site = await startSite({ enabled: false });
    await site.get('/');
    expect((await site.get('/')).headers.get('x-cache')).toBeNull();
    expect(site.renders).toEqual(['/', '/']);
  });

  it('reads how long a shared cache may keep an answer', () => {
    expect(sharedCacheLifetime(PAGE_CACHE)).toEqual({ maxAgeSeconds: 300, staleSeconds: 600 });
    expect(sharedCacheLifetime('public, max-age=60')).toBeUndefined();
    expect(sharedCacheLifetime('private, s-maxage=60')).toBeUndefined();
    expect(sharedCacheLifetime('no-store')).toBeUndefined();
    expect(sharedCacheLifetime(undefined)).toBeUndefined();
  });
});

describe('the hit ratio (issue 21)', () => {
  it('reports each lookup as a hit or a miss; skipped and signed-in requests as neither', async () => {
    const site = await startSite();
    await site.get('/ratio');
    await site.get('/ratio');
    await site.get('/ratio');
    await site.get('/api/x');
    await site.get('/ratio', { cookie: 'session=1' });
    expect(site.lookups).toEqual(['miss', 'hit', 'hit']);
    // Past its lifetime, within stale-while-revalidate: one request renders (a miss),
    // the copy still answers the others (hits).
    site.advance(301);
    await site.get('/ratio');
    expect(site.lookups.at(-1)).toBe('miss');
    expect(site.renders.filter((path) => path === '/ratio')).toHaveLength(3);
  });

  it('forgets every page on clear, and does not keep a page whose rendering began before it (issue 23)', async () => {
    const site = await startSite();
    await site.get('/blog');
    expect((await site.get('/blog')).headers.get('x-cache')).toBe('HIT');
    site.cache.clear();
    expect((await site.get('/blog')).headers.get('x-cache')).toBe('MISS');

    // A render that read the posts before a publish finishes after the clear.
    const slow = site.get('/slow');
    await site.slowStarted;
    site.cache.clear();
    site.releaseSlow();
    expect((await slow).status).toBe(200);
    expect((await site.get('/slow')).headers.get('x-cache')).toBe('MISS');
  });
});
