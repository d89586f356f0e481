import {
  type AppServer,
  cspViolations,
  describeApiProxy,
  launchBrowser,
  type RecordingUpstream,
  recordCspViolations,
  type Stack,
  startAppServer,
  startRecordingUpstream,
  startStack,
} from '@repo/e2e';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SETUP_TOKEN = 'security-e2e-setup-token-0123456789';
const ADMIN = {
  name: 'Sam Security',
  email: 'sam@wordloom.test',
  username: 'sam',
  password: 'correct-horse-battery',
};

describe('the access log of the console server', () => {
  let upstream: RecordingUpstream;
  let logged: AppServer;

  beforeAll(async () => {
    upstream = await startRecordingUpstream();
    logged = await startAppServer('admin', { API_URL: upstream.url, LOG_LEVEL: 'info' });
  });

  afterAll(async () => {
    await logged?.stop();
    await upstream?.close();
  });

  it('never holds the single-use tokens of the links mailed to staff', async () => {
    const token = 'mailed-token-7f3a9c';
    await fetch(`${logged.url}/verify-email?token=${token}`);
    await fetch(`${logged.url}/accept-invite?token=${token}`);
    await fetch(`${logged.url}/api/invite?token=${token}`);
    // Logging is asynchronous: wait until the last request shows up.
    const deadline = Date.now() + 10_000;
    while (!logged.output().includes('/api/invite') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const output = logged.output();
    expect(output).toContain('/verify-email');
    expect(output).toContain('/accept-invite');
    expect(output).toContain('/api/invite');
    expect(output).not.toContain(token);
  });
});

describeApiProxy('admin', { read: '/api/user', write: '/api/login' }, (proxy) => {
  it('forwards JSON and form bodies unchanged, with their length', async () => {
    for (const [type, body] of [
      ['application/json', JSON.stringify({ username: 'ada', password: 'pw' })],
      ['application/x-www-form-urlencoded', 'a=1&b=2'],
    ]) {
      const response = await fetch(`${proxy.untrusted.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': type! },
        body,
      });
      expect(response.status).toBe(200);
      expect(proxy.lastRequest().bodyLength).toBe(body!.length);
      expect(proxy.lastRequest().headers['content-length']).toBe(String(body!.length));
    }
  });
});

describe('security headers, with the real API', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ admin: true, apiEnv: { ADMIN_SETUP_TOKEN: SETUP_TOKEN } });
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('sends a strict Content-Security-Policy and the other headers with the console', async () => {
    const response = await fetch(`${stack.adminUrl}/admin`);
    expect(response.status).toBe(200);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("frame-ancestors 'none'");
    // Frames: its own, and the public site's analytics opt-out page (issue 12).
    expect(/frame-src [^;]*/.exec(policy)?.[0]).toBe(
      `frame-src 'self' ${new URL(stack.publicUrls.marketing).origin}`,
    );
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('permissions-policy')).toContain('camera=()');
    // The harness runs the console with NODE_ENV=production.
    expect(response.headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );

    const asset = /\/assets\/[^"]+\.js/.exec(await response.text())?.[0];
    expect(asset).toBeDefined();
    const assetResponse = await fetch(`${stack.adminUrl}${asset}`);
    expect(assetResponse.status).toBe(200);
    expect(assetResponse.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("passes the API's own security headers through /api", async () => {
    const response = await fetch(`${stack.adminUrl}/api/health`);
    expect(response.status).toBe(200);
    // Set by the API's helmet (the console's own value would be DENY).
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-site');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('runs the sign-in page and every tab of the console in Chromium without a CSP violation', async () => {
    const registered = await fetch(`${stack.adminUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...ADMIN, setupToken: SETUP_TOKEN }),
    });
    expect(registered.status).toBe(201);

    const browser = await launchBrowser();
    try {
      const context = await browser.newContext({ baseURL: stack.adminUrl });
      await context.addInitScript(recordCspViolations);
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      const errors: string[] = [];
      page.on('console', (message) => {
        // The session check answers 401 before signing in (spec section 6).
        if (message.type() === 'error' && !message.text().includes('status of 401')) {
          errors.push(message.text());
        }
      });
      page.on('pageerror', (error) => errors.push(error.message));

      await page.goto('/', { waitUntil: 'networkidle' });
      await page.getByRole('tab', { name: 'Login' }).click();
      await page.getByLabel('Username').fill(ADMIN.username);
      await page.getByLabel('Password').fill(ADMIN.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByText(`Signed in as ${ADMIN.name}`).waitFor();

      // Every section of the sidebar (issue 20) but the account's Security page.
      const links = page
        .getByRole('navigation', { name: 'Admin sections' })
        .getByRole('link')
        .filter({ hasNotText: 'Security' });
      const count = await links.count();
      expect(count).toBeGreaterThan(3);
      for (let index = 0; index < count; index += 1) {
        await links.nth(index).click();
        // The section's code has arrived and rendered: it shows its heading. (Waiting
        // for network idle timed out once on a busy machine, with nine tabs' requests.)
        await links.nth(index).and(page.locator('[aria-current="page"]')).waitFor();
        await page.locator('#section h2').first().waitFor();
      }
      expect(await cspViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
