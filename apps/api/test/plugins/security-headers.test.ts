import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helmetHeaders } from '../../src/plugins/external/security-headers';
import { createTestContext, type TestContext } from '../helpers/test-app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

/** What every API answer must carry (helmet's defaults, CORP same-site, no CSP). */
const EXPECTED = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-site',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers', () => {
  it('are the ones helmet sets on a real response', () => {
    const options = {
      contentSecurityPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-site' },
    } as const;
    const response = new ServerResponse(new IncomingMessage(new Socket()));
    response.setHeader('X-Powered-By', 'something');
    helmet(options)(response.req, response, () => undefined);
    const real = Object.fromEntries(
      Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]),
    );
    expect(helmetHeaders(options)).toEqual(real);
    expect(real).toEqual(EXPECTED);
  });

  it.each([
    ['a cached read', 'GET', '/api/posts', undefined, 200],
    ['an unknown path', 'GET', '/api/no-such-thing', undefined, 404],
    ['a refused body', 'POST', '/api/waitlist', { email: 'not an address' }, 400],
    ['a console read without a session', 'GET', '/api/admin/waitlist', undefined, 401],
  ] as const)('are on %s (%s %s)', async (_name, method, url, payload, status) => {
    const response = await ctx.app.inject({ method, url, ...(payload ? { payload } : {}) });
    expect(response.statusCode).toBe(status);
    for (const [name, value] of Object.entries(EXPECTED)) {
      expect(response.headers[name], name).toBe(value);
    }
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['content-security-policy']).toBeUndefined();
  });

  it('are on a 304', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/api/posts' });
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/api/posts',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['strict-transport-security']).toBe(EXPECTED['strict-transport-security']);
    expect(again.headers['x-content-type-options']).toBe('nosniff');
  });
});
