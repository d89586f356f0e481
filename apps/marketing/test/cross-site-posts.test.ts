// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { acceptsOriginOf } from '../server/security.js';

/** The headers of one request, as Express's req.get reads them. */
function headers(values: Record<string, string>) {
  return (name: string) => values[name];
}

describe('acceptsOriginOf: the form posts Remix would refuse as cross-site', () => {
  it('lets a post from the page itself through, with or without a proxy in front', () => {
    expect(
      acceptsOriginOf('POST', headers({ origin: 'https://site.test', host: 'site.test' })),
    ).toBe(true);
    expect(
      acceptsOriginOf(
        'POST',
        headers({
          origin: 'https://www.site.test',
          host: '10.0.0.5:3000',
          'x-forwarded-host': 'www.site.test, proxy.internal',
        }),
      ),
    ).toBe(true);
  });

  it('refuses a post whose Origin names another host, or none that can be read', () => {
    for (const origin of ['https://evil.test', 'https://site.test:8443', 'null', '', 'not a url']) {
      expect(acceptsOriginOf('POST', headers({ origin, host: 'site.test' })), origin).toBe(false);
    }
    expect(
      acceptsOriginOf('DELETE', headers({ origin: 'https://evil.test', host: 'site.test' })),
    ).toBe(false);
    expect(acceptsOriginOf('POST', headers({ origin: 'https://site.test' }))).toBe(false);
  });

  it('leaves reads and requests without Origin to the routes', () => {
    expect(
      acceptsOriginOf('GET', headers({ origin: 'https://evil.test', host: 'site.test' })),
    ).toBe(true);
    expect(acceptsOriginOf('POST', headers({ host: 'site.test' }))).toBe(true);
  });
});
