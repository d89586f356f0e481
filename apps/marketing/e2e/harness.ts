import { execFileSync } from 'node:child_process';
import { launchBrowser, type Stack, type StackOptions, startStack } from '@repo/e2e';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';

interface Harness {
  stack: Stack;
  browser: Browser;
  baseUrl: string;
}

// Chromium reports every non-OK response as a console error. The 404 page test
// expects its document to answer 404, and the duplicate signup test expects the
// API's 409, so exactly those messages are allowed in exactly those tests.
const EXPECTED_404 = /Failed to load resource: the server responded with a status of 404/;

/** Per-action and navigation timeouts: generous enough for a machine busy with other work. */
const ACTION_TIMEOUT_MS = 20_000;
const NAVIGATION_TIMEOUT_MS = 30_000;

/**
 * One stack (fresh database, API, built site) and one browser per test file.
 * Every page opened through `openPage` is in a browser context of its own
 * (closed after its test), and fails its test on a console error or an
 * uncaught exception.
 */
export function setUpHarness(stackOptions: Omit<StackOptions, 'marketing'> = {}) {
  const harness = {} as Harness;
  const errors: string[] = [];
  const pages: Page[] = [];

  beforeAll(async () => {
    harness.stack = await startStack({ ...stackOptions, marketing: true });
    harness.browser = await launchBrowser();
    harness.baseUrl = harness.stack.marketingUrl!;
  });

  afterAll(async () => {
    await harness.browser?.close();
    await harness.stack?.stop();
  });

  afterEach(async () => {
    // Closed first, so nothing a page logs late is counted against the next test.
    await Promise.all(pages.splice(0).map((page) => page.context().close()));
    const found = errors.splice(0);
    expect(found, 'console errors in the browser').toEqual([]);
  });

  async function openPage(
    path: string,
    options: {
      width?: number;
      allow404?: boolean;
      allowStatus?: number;
      /** false: the page as a browser with JavaScript turned off sees it (issue 22). */
      javaScript?: boolean;
      /** Lets a test inject axe as an inline script, which the site's CSP rightly refuses. */
      bypassCSP?: boolean;
    } = {},
  ): Promise<Page> {
    const context = await harness.browser.newContext({
      viewport: { width: options.width ?? 1280, height: 900 },
      javaScriptEnabled: options.javaScript ?? true,
      bypassCSP: options.bypassCSP ?? false,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    context.setDefaultTimeout(ACTION_TIMEOUT_MS);
    context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
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

/** Seeds a waitlist entry through the API, as a visitor's signup would. */
export async function joinWaitlist(
  apiUrl: string,
  person: { email: string; firstName: string; lastName: string },
): Promise<void> {
  const response = await fetch(`${apiUrl}/api/waitlist`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ company: 'Analytical Engines', primaryUse: 'Blog Writing', ...person }),
  });
  if (response.status !== 201)
    throw new Error(`waitlist: ${response.status} ${await response.text()}`);
}

/** Waits until React has hydrated the page (the root marks <html> once it has). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
}

/** Rows of a test stack's database, as JSON (psql: the site's own packages hold no driver). */
export function databaseRows<T>(databaseUrl: string | undefined, sql: string): T[] {
  if (!databaseUrl) throw new Error('TEST_DATABASE_URL is needed to read the stored rows');
  const out = execFileSync(
    'psql',
    [
      databaseUrl,
      '-X',
      '-A',
      '-t',
      '-v',
      'ON_ERROR_STOP=1',
      '-c',
      `select row_to_json(r) from (${sql}) r`,
    ],
    { encoding: 'utf8' },
  );
  return out
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}

/** A string as an SQL literal. */
export const sqlQuote = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * Issue 32: /beta's inline wizard is fetched and hydrated when the visitor comes near
 * it (app/utils/hydrate-when-near.ts). Scrolls it into view and waits until it has
 * turned from the one-page form into the wizard (its step count shows).
 */
export async function inlineWizardReady(form: Locator): Promise<Locator> {
  await form.scrollIntoViewIfNeeded();
  await form.getByText(/^Step \d of 7$/).waitFor();
  return form;
}
