import { launchBrowser } from '@repo/e2e';
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';

/**
 * Chromium logs every non-OK response as a console error. The session check
 * answers 401 when nobody is signed in (spec section 6: 'no user'), which is
 * expected; nothing else is.
 */
function isExpectedConsoleError(message: ConsoleMessage): boolean {
  const url = message.location().url;
  return (
    message.text().includes('status of 401') && new URL(url, 'http://x').pathname === '/api/user'
  );
}

export interface BrowserSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions seen so far (a test fails on any). */
  errors: string[];
  close: () => Promise<void>;
}

export async function openBrowserSession(
  baseURL: string,
  viewport = { width: 1280, height: 900 },
): Promise<BrowserSession> {
  const browser = await launchBrowser();
  const context = await browser.newContext({ baseURL, viewport, acceptDownloads: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !isExpectedConsoleError(message)) {
      errors.push(`console: ${message.text()} (${message.location().url})`);
    }
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return {
    browser,
    context,
    page,
    errors,
    close: async () => {
      await context.close();
      await browser.close();
    },
  };
}
