import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppServer,
  postLargeBody,
  type RecordedRequest,
  type RecordingUpstream,
  residentBytes,
  startAppServer,
  startRecordingUpstream,
} from './app-server';
import { SPOOFING_HEADERS, TEN_MB } from './security';

/** The proxy under test, filled in before its first test runs. */
export interface ApiProxyUnderTest {
  upstream: RecordingUpstream;
  /** Trusts nobody: every client is itself (MARKETING_TRUST_PROXY / ADMIN_TRUST_PROXY=false). */
  untrusted: AppServer;
  /** The default, loopback: this test, on 127.0.0.1, is a trusted proxy. */
  trusted: AppServer;
  /** The last request that reached the stand-in API. */
  lastRequest: () => RecordedRequest;
}

/**
 * The /api proxy of a front-end server, against a stand-in API that records what
 * reaches it: what both servers promise (a client's X-Forwarded-* are replaced
 * unless it is a trusted proxy; a 10 MB body is refused with 413 before it is
 * read). `more` adds the app's own checks to the same servers.
 */
export function describeApiProxy(
  app: 'marketing' | 'admin',
  paths: {
    /** A GET the proxy forwards. */
    read: string;
    /** A POST with a JSON body the proxy forwards. */
    write: string;
  },
  more: (proxy: ApiProxyUnderTest) => void = () => undefined,
) {
  const trustVariable = app === 'marketing' ? 'MARKETING_TRUST_PROXY' : 'ADMIN_TRUST_PROXY';
  const proxy = {} as ApiProxyUnderTest;

  describe('the /api proxy, against a stand-in API that records what reaches it', () => {
    beforeAll(async () => {
      proxy.upstream = await startRecordingUpstream();
      proxy.lastRequest = () => proxy.upstream.requests.at(-1)!;
      // The marketing server's poll of /api/posts-version (issue 23) would be recorded
      // too, between a test's request and its look at the last one: off here.
      const env = { API_URL: proxy.upstream.url, POSTS_POLL_MS: '0' };
      [proxy.untrusted, proxy.trusted] = await Promise.all([
        startAppServer(app, { ...env, [trustVariable]: 'false' }),
        startAppServer(app, env),
      ]);
    });

    afterAll(async () => {
      await Promise.all([proxy.untrusted?.stop(), proxy.trusted?.stop()]);
      await proxy.upstream?.close();
    });

    it("replaces an untrusted client's X-Forwarded-* with the address it saw", async () => {
      const response = await fetch(`${proxy.untrusted.url}${paths.read}`, {
        headers: SPOOFING_HEADERS,
      });
      expect(response.status).toBe(200);
      const { headers } = proxy.lastRequest();
      expect(headers['x-forwarded-for']).toBe('127.0.0.1');
      expect(headers['x-forwarded-proto']).toBe('http');
      expect(headers['x-forwarded-host']).toBe(new URL(proxy.untrusted.url).host);
      expect(headers.forwarded).toBeUndefined();
      expect(headers['x-real-ip']).toBeUndefined();
    });

    it('passes on what a trusted proxy says about the client', async () => {
      await fetch(`${proxy.trusted.url}${paths.read}`, { headers: SPOOFING_HEADERS });
      const { headers } = proxy.lastRequest();
      expect(headers['x-forwarded-for']).toBe('1.2.3.4');
      expect(headers['x-forwarded-proto']).toBe('https');
      expect(headers['x-forwarded-host']).toBe('evil.example');
      expect(headers.forwarded).toBeUndefined();
    });

    more(proxy);

    for (const chunked of [false, true]) {
      it(`answers a ${chunked ? 'chunked' : 'Content-Length'} 10 MB body with 413 before reading it`, async () => {
        const before = proxy.upstream.requests.length;
        const memoryBefore = residentBytes(proxy.untrusted.pid);
        const answer = await postLargeBody(`${proxy.untrusted.url}${paths.write}`, {
          bytes: TEN_MB,
          chunked,
        });
        expect(answer.status).toBe(413);
        expect(JSON.parse(answer.body)).toEqual({
          message: 'Request body is too large',
          type: 'payload_too_large',
        });
        // The answer came while the client was still sending, and nothing reached the API.
        expect(answer.sentBeforeAnswer).toBeLessThan(TEN_MB / 2);
        expect(proxy.upstream.requests.length).toBe(before);
        expect(residentBytes(proxy.untrusted.pid) - memoryBefore).toBeLessThan(100 * 1024 * 1024);
      });
    }
  });
}
