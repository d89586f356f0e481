import { launchBrowser, type Stack, startStack } from '@repo/e2e';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';

export interface Harness {
  stack: Stack;
  browser: Browser;
  baseUrl: string;
}

// Chromium reports every non-OK response as a console error. The 404 page test
// expects its document to answer 404, and the duplicate signup test expects the
// API's 409, so exactly those messages are allowed in exactly those tests.
const EXPECTED_404 = /Failed to load resource: the server responded with a status of 404/;

/**
 * One stack (fresh database, API, built site) and one browser per test file.
 * Every page opened through `openPage` fails its test on a console error or an
 * uncaught exception.
 */
export function setUpHarness() {
  const harness = {} as Harness;
  const errors: string[] = [];
  const pages: Page[] = [];

  beforeAll(async () => {
    harness.stack = await startStack({ marketing: true });
    harness.browser = await launchBrowser();
    harness.baseUrl = harness.stack.marketingUrl!;
  });

  afterAll(async () => {
    await harness.browser?.close();
    await harness.stack?.stop();
  });

  afterEach(async () => {
    const found = errors.splice(0);
    await Promise.all(pages.splice(0).map((page) => page.context().close()));
    expect(found, 'console errors in the browser').toEqual([]);
  });

  async function openPage(
    path: string,
    options: { width?: number; allow404?: boolean; allowStatus?: number } = {},
  ): Promise<Page> {
    const context = await harness.browser.newContext({
      viewport: { width: options.width ?? 1280, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await context.newPage();
    pages.push(page);
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      if (options.allow404 && EXPECTED_404.test(message.text())) return;
      if (
        options.allowStatus &&
        message.text().includes(`the server responded with a status of ${options.allowStatus}`)
      )
        return;
      errors.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    await page.goto(`${harness.baseUrl}${path}`, { waitUntil: 'networkidle' });
    return page;
  }

  return { harness, openPage };
}

/** Waits until React has hydrated the page (the root marks <html> once it has). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
}
