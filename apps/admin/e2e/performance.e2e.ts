import { gzipSync } from 'node:zlib';
import { launchBrowser, rawGet, type Stack, startStack } from '@repo/e2e';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openContextSession } from './browser-session';
import { joinWaitlist, registerFirstAdmin, signIn } from './seed';

// Issue 13: the console's first load and its compression, on the production build.
// Issue 19 raised it from 150 to 155 KB: the sign-in's second step (TOTP, recovery
// codes, passkeys) lives in the session code every page needs, the client's table of
// API calls grew by some 25 (roles, two-factor, passkeys), and every tab and button
// asks the role's permissions. Measured 151.3 KB after it (docs/performance.md).
// Issue 32 raised it to 160 KB: the waitlist's row menu and Views menu (Radix's
// dropdown menu, some 6 KB) and its keyboard are on the first screen (the bulk bar loads
// with the first selection): 159.3 KB. Issue 33 raised it to 170 KB: React Router 7 and
// the other updates brought it to 164.7 KB, with no code of ours changed.
const KB = 1024;
const FIRST_LOAD_BUDGET = 170 * KB;
const ADMIN = {
  name: 'Perf Admin',
  email: 'perf@wordloom.test',
  username: 'perf',
  password: 'a-long-perf-passphrase',
};
const SETUP_TOKEN = 'e2e-setup-token-0123456789';

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  stack = await startStack({ admin: true, apiEnv: { ADMIN_SETUP_TOKEN: SETUP_TOKEN } });
  browser = await launchBrowser();
  await registerFirstAdmin(stack.apiUrl, stack.adminUrl!, ADMIN, SETUP_TOKEN);
  await joinWaitlist(stack.apiUrl, {
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
  });
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('the console server', () => {
  it('sends its scripts and its page precompressed in brotli, and passes API answers on once encoded', async () => {
    const html = await (await fetch(`${stack.adminUrl}/admin`)).text();
    const script = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect(script).toBeDefined();
    for (const path of [script!, '/admin']) {
      const answer = await rawGet(`${stack.adminUrl}${path}`, {
        'accept-encoding': 'gzip, deflate, br',
      });
      expect(answer.headers['content-encoding'], path).toBe('br');
      expect(answer.headers.vary, path).toMatch(/accept-encoding/i);
    }
    const gzip = await rawGet(`${stack.adminUrl}${script}`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    // The API compressed this answer; the proxy sends it on as it came, not encoded twice.
    const posts = await fetch(`${stack.adminUrl}/api/posts`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(posts.headers.get('content-encoding')).toBe('br');
    expect(Array.isArray(await posts.json())).toBe(true);
  });
});

describe('the console in Chromium', () => {
  it(`loads at most ${FIRST_LOAD_BUDGET / KB} KB of JavaScript (gzip) to show the waitlist, and each tab's code when it opens`, async () => {
    const session = await openContextSession(browser, stack.adminUrl!);
    try {
      const { page, context } = session;
      await signIn(context, ADMIN);
      const scripts = new Map<string, Promise<number>>();
      page.on('response', (response) => {
        if (!/\.js$/.test(new URL(response.url()).pathname)) return;
        scripts.set(
          response.url(),
          response.text().then((text) => gzipSync(text).length),
        );
      });
      await page.goto('/admin');
      await page.getByRole('cell', { name: 'ada@example.com' }).waitFor();
      await page.waitForLoadState('networkidle');
      const firstLoad = new Set(scripts.keys());
      const total = (await Promise.all(scripts.values())).reduce((sum, size) => sum + size, 0);
      console.log(`console first load: ${(total / KB).toFixed(1)} KB in ${scripts.size} files`);
      // React alone is some 45 KB: the measurement saw the scripts.
      expect(total).toBeGreaterThan(60 * KB);
      expect(total).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);

      // The charts library comes with the Analytics tab only.
      const firstLoadSources = await Promise.all(
        [...firstLoad].map(async (url) => (await fetch(url)).text()),
      );
      expect(firstLoadSources.join('\n')).not.toContain('recharts');
      await page
        .getByRole('navigation', { name: 'Admin sections' })
        .getByRole('link', { name: 'Analytics', exact: true })
        .click();
      await page.getByText('Page views per day').first().waitFor();
      const added = [...scripts.keys()].filter((url) => !firstLoad.has(url));
      expect(added.length).toBeGreaterThan(0);
      expect(session.errors).toEqual([]);
    } finally {
      await session.close();
    }
  });
});
