import { spawnSync } from 'node:child_process';
import { type Stack, startStack } from '@repo/e2e';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, openBrowserSession } from './browser-session';

/**
 * Opt-in measurement (WAITLIST_SCALE=1 with TEST_DATABASE_URL): the waitlist
 * table with 100,000 entries, paged, sorted and searched by the server. Each
 * interaction is timed from the click (or keystroke) to the new rows on screen.
 */
const ENTRIES = 100_000;
const BUDGET_MS = 1500;

describe.runIf(process.env.WAITLIST_SCALE && process.env.TEST_DATABASE_URL)(
  'waitlist with 100,000 entries',
  () => {
    let stack: Stack;
    let session: BrowserSession;
    let page: Page;
    const timings: Record<string, number> = {};

    beforeAll(async () => {
      stack = await startStack({ admin: true });
      const insert = spawnSync(
        'psql',
        [
          stack.databaseUrl!,
          '-v',
          'ON_ERROR_STOP=1',
          '-c',
          `insert into waitlist_entries (email, first_name, last_name, company_name, primary_use, created_at)
           select 'person' || n || '@example.com', 'First' || n, 'Last' || ((n * 7919) % 100003),
                  'Company ' || (n % 977), 'Blog Writing', now() - (n || ' minutes')::interval
           from generate_series(1, ${ENTRIES}) as n`,
        ],
        { encoding: 'utf8' },
      );
      expect(insert.status, insert.stderr).toBe(0);
      const register = await fetch(`${stack.apiUrl}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: 'scale',
          password: 'scale-test',
          email: 'scale@wordloom.test',
          name: 'Scale Test',
        }),
      });
      expect(register.status).toBe(201);
      session = await openBrowserSession(stack.adminUrl!);
      page = session.page;
      await page.goto('/auth');
      await page.getByLabel('Username').fill('scale');
      await page.getByLabel('Password').fill('scale-test');
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL('**/admin');
    }, 300_000);

    afterAll(async () => {
      console.log('waitlist timings (ms):', timings);
      await session?.close();
      await stack?.stop();
    });

    const firstRow = () =>
      page.evaluate(() => document.querySelector('tbody tr')?.textContent ?? '');

    /** Times `act` until the table shows different rows and is no longer busy. */
    async function timed(name: string, act: () => Promise<void>) {
      const before = await firstRow();
      const started = Date.now();
      await act();
      await page.waitForFunction(
        (previous) =>
          document.querySelector('[aria-busy="false"] tbody tr')?.textContent !== previous &&
          document.querySelector('[aria-busy="true"]') === null,
        before,
      );
      timings[name] = Date.now() - started;
      expect(timings[name]).toBeLessThan(BUDGET_MS);
    }

    it('pages, sorts and searches within the budget', async () => {
      await page.getByText(`of ${ENTRIES.toLocaleString('en-US')}`).waitFor();
      await timed('next page', () => page.getByRole('button', { name: 'Next' }).click());
      await timed('last page', () => page.getByRole('button', { name: 'Last page' }).click());
      await timed('sort by email', () => page.getByRole('button', { name: /^Email/ }).click());
      await timed('sort by last name', () =>
        page.getByRole('button', { name: /^Last name/ }).click(),
      );
      await timed('search (after the 300 ms debounce)', () =>
        page.getByLabel('Search').fill('person77777@'),
      );
      await page.getByRole('cell', { name: 'person77777@example.com', exact: true }).waitFor();
      expect(session.errors).toEqual([]);
    }, 120_000);
  },
);
