import { createHash } from 'node:crypto';
import { cspViolations, describeApiProxy, recordCspViolations } from '@repo/e2e';
import { describe, expect, it } from 'vitest';
import { hydrated, setUpHarness } from './harness';

// The real stack (API, built site, Chromium) for the headers and the browser checks.
const { harness } = setUpHarness();

describeApiProxy('marketing', { read: '/api/posts', write: '/api/waitlist' }, (proxy) => {
  it('forwards no cookie to the API and no Set-Cookie back, but the security headers', async () => {
    const response = await fetch(`${proxy.untrusted.url}/api/waitlist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'wordloom_session=stolen' },
      body: JSON.stringify({ email: 'ada@example.com' }),
    });
    expect(response.status).toBe(200);
    expect(proxy.lastRequest().headers.cookie).toBeUndefined();
    expect(proxy.lastRequest().bodyLength).toBe(
      JSON.stringify({ email: 'ada@example.com' }).length,
    );
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-site');
  });

  it('forwards only the public API routes the site uses', async () => {
    const before = proxy.upstream.requests.length;
    const refused: [string, string][] = [
      ['POST', '/api/register'],
      ['POST', '/api/login'],
      ['POST', '/api/logout'],
      ['GET', '/api/user'],
      ['GET', '/api/setup-status'],
      ['POST', '/api/verify-email'],
      ['POST', '/api/accept-invite'],
      ['GET', '/api/admin/waitlist'],
      ['POST', '/api/admin/api-keys'],
      ['GET', '/api/analytics/dashboard'],
      ['DELETE', '/api/posts/some-post'],
      ['GET', '/api/anything-else'],
      // Issue 11: an invitation is accepted by the page's POST only, never by following a link.
      ['GET', '/api/beta/invitations/accept'],
    ];
    for (const [method, path] of refused) {
      const response = await fetch(`${proxy.untrusted.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(method === 'GET' ? {} : { body: '{}' }),
      });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await response.json()).toEqual({ message: 'Not found', type: 'not_found' });
    }
    expect(proxy.upstream.requests.length).toBe(before);

    for (const [method, path] of [
      ['GET', '/api/health'],
      ['GET', '/api/posts/why-we-built-wordloom'],
      ['POST', '/api/contact'],
      ['POST', '/api/beta-feedback'],
      ['POST', '/api/analytics/events'],
      ['GET', '/api/email/unsubscribe?email=a%40b.c&token=t'],
      ['POST', '/api/beta/invitations/accept'],
    ] as const) {
      const response = await fetch(`${proxy.untrusted.url}${path}`, {
        method,
        ...(method === 'GET'
          ? {}
          : { headers: { 'content-type': 'application/json' }, body: '{}' }),
      });
      expect(response.status, `${method} ${path}`).toBe(200);
    }
    expect(proxy.upstream.requests.length).toBe(before + 7);
  });
});

describe('security headers', () => {
  it('gives every page a Content-Security-Policy naming its inline scripts by hash, and nothing inline else', async () => {
    for (const path of ['/', '/blog/why-we-built-wordloom']) {
      const response = await fetch(`${harness.baseUrl}${path}`);
      const policy = response.headers.get('content-security-policy') ?? '';
      const scriptSrc = /script-src [^;]*/.exec(policy)?.[0] ?? '';
      expect(scriptSrc, policy).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/]{43}=')+$/);
      expect(policy).not.toContain('nonce');
      expect(policy).toContain("object-src 'none'");
      expect(policy).toContain("base-uri 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      const html = await response.text();
      // Each inline script that can run is named by the hash of its text, and only those;
      // JSON-LD data blocks are not subject to script-src.
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
        .filter(([, attributes]) => !/\ssrc=|application\/ld\+json/.test(attributes!))
        .map(([, , text]) => `'sha256-${createHash('sha256').update(text!).digest('base64')}'`);
      expect(inline.length, path).toBeGreaterThan(2);
      expect(scriptSrc.split(' ').slice(2).sort()).toEqual([...new Set(inline)].sort());
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('permissions-policy')).toContain('camera=()');
      // The harness runs the site with NODE_ENV=production.
      expect(response.headers.get('strict-transport-security')).toBe(
        'max-age=31536000; includeSubDomains',
      );
    }
  });

  it("refuses an inline script that is not one of the page's own, in the browser", async () => {
    const context = await harness.browser.newContext();
    try {
      await context.addInitScript(recordCspViolations);
      const page = await context.newPage();
      await page.goto(`${harness.baseUrl}/beta`);
      await hydrated(page);
      // As an injection would: a script element with text of its own, and one with the
      // text of a script the page does run, changed by a character.
      const ran = await page.evaluate(async () => {
        const own = document.querySelector('script:not([src]):not([type])')!.textContent!;
        for (const text of ['window.injected = true;', `${own};window.injected = true;`]) {
          const script = document.createElement('script');
          script.textContent = text;
          document.body.append(script);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
        return (window as { injected?: boolean }).injected === true;
      });
      expect(ran).toBe(false);
      const violations = await cspViolations(page);
      expect(violations).toHaveLength(2);
      for (const violation of violations) expect(violation).toMatch(/^script-src(-elem)? inline/);
    } finally {
      await context.close();
    }
  });

  it('lets the console alone frame the analytics opt-out page (issue 12), and nobody frame the others', async () => {
    const consoleOrigin = new URL(harness.stack.publicUrls.admin).origin;
    const optOut = await fetch(`${harness.baseUrl}/analytics-opt-out?action=exclude`);
    expect(optOut.status).toBe(200);
    const policy = optOut.headers.get('content-security-policy') ?? '';
    expect(/frame-ancestors [^;]*/.exec(policy)?.[0]).toBe(`frame-ancestors ${consoleOrigin}`);
    const robots = /<meta name="robots" content="([^"]+)"/.exec(await optOut.text())?.[1];
    expect(robots).toBe('noindex, follow');
    const other = await fetch(`${harness.baseUrl}/beta-feedback`);
    expect(other.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('sends nosniff with the assets and the API security headers through /api', async () => {
    const html = await (await fetch(`${harness.baseUrl}/`)).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const assetResponse = await fetch(`${harness.baseUrl}${asset}`);
    expect(assetResponse.status).toBe(200);
    expect(assetResponse.headers.get('x-content-type-options')).toBe('nosniff');
    expect(assetResponse.headers.get('x-frame-options')).toBe('DENY');

    const api = await fetch(`${harness.baseUrl}/api/health`);
    expect(api.status).toBe(200);
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    // Set by the API's helmet, passed on by the proxy.
    expect(api.headers.get('cross-origin-resource-policy')).toBe('same-site');
    expect(api.headers.get('strict-transport-security')).toContain('max-age=');
  });

  it('runs the home page, a post and the waitlist overlay in Chromium without a CSP violation', async () => {
    // Refused scripts are console errors too, which fail the test (harness.ts).
    const context = await harness.browser.newContext();
    try {
      await context.addInitScript(recordCspViolations);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      for (const path of ['/', '/blog/why-we-built-wordloom', '/beta']) {
        await page.goto(`${harness.baseUrl}${path}`, { waitUntil: 'networkidle' });
        // Hydration proves the page's scripts ran.
        await hydrated(page);
        expect(await cspViolations(page), path).toEqual([]);
      }
      await page.getByRole('button', { name: 'Apply for Beta Access' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Apply for Beta Access' });
      await dialog.getByLabel('What is your work email?').fill('not-an-email');
      await dialog.getByText('Please enter a valid email address').waitFor();
      expect(await cspViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('refuses a form post from another site with a 403, never a 500 (issue 22)', async () => {
    const host = new URL(harness.baseUrl).host;
    const post = (origin: string | undefined, path = '/contact') =>
      fetch(`${harness.baseUrl}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(origin === undefined ? {} : { origin }),
        },
        body: 'name=Mallory&email=m%40example.com&subject=Security%20check&message=Cross-site%20post',
      });
    for (const origin of ['https://evil.example', 'null', 'not a url']) {
      const response = await post(origin);
      expect(response.status, origin).toBe(403);
      expect(await response.text()).toBe('Cross-site form posts are refused');
    }
    expect((await post('https://evil.example', '/beta')).status).toBe(403);
    // The site's own pages still post: a 200 with the thank-you, not a refusal.
    const own = await post(`http://${host}`);
    expect(own.status).toBe(200);
  });

  it('refuses registration through the public site', async () => {
    const response = await fetch(`${harness.baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'mallory', password: 'correct-horse-battery' }),
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not found', type: 'not_found' });
  });
});
