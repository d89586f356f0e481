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

/** The console at any of its sections: /admin opens the first one (issue 20). */
export const CONSOLE_URL = /\/admin(\/[^?]*)?(\?.*)?$/;

/** Per-action and navigation timeouts: generous enough for a machine busy with other work. */
export const ACTION_TIMEOUT_MS = 20_000;
export const NAVIGATION_TIMEOUT_MS = 30_000;

export interface ContextSession {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions seen so far (a test fails on any). */
  errors: string[];
  close: () => Promise<void>;
}

export interface BrowserSession extends ContextSession {
  browser: Browser;
}

/**
 * A browser context of its own (cookies, storage, downloads) and one page in it,
 * so that each test starts signed out with nothing left over from another.
 */
export async function openContextSession(
  browser: Browser,
  baseURL: string,
  viewport = { width: 1280, height: 900 },
  /** axe is injected as an inline script, which the console's CSP rightly refuses: a test running axe bypasses it. */
  { bypassCSP = false }: { bypassCSP?: boolean } = {},
): Promise<ContextSession> {
  const context = await browser.newContext({ baseURL, viewport, acceptDownloads: true, bypassCSP });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !isExpectedConsoleError(message)) {
      errors.push(`console: ${message.text()} (${message.location().url})`);
    }
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return { context, page, errors, close: () => context.close() };
}

/** A browser of its own with one context (scripts: screenshots, benchmarks). */
export async function openBrowserSession(
  baseURL: string,
  viewport = { width: 1280, height: 900 },
): Promise<BrowserSession> {
  const browser = await launchBrowser();
  const session = await openContextSession(browser, baseURL, viewport);
  return {
    ...session,
    browser,
    close: async () => {
      await session.close();
      await browser.close();
    },
  };
}
