/**
 * Benchmark: the waitlist table in a real browser with 100,000 entries against
 * a baseline of 100 entries measured in the same run (figures are ratios, since
 * this machine is shared and noisy). Each interaction is timed from the click or
 * keystroke until the new rows are on screen. Needs TEST_DATABASE_URL and a
 * built admin app:  pnpm --filter @repo/admin build && pnpm --filter @repo/admin bench
 */
import { spawnSync } from 'node:child_process';
import { startStack } from '@repo/e2e';
import type { Page } from 'playwright-core';
import { CONSOLE_URL, openBrowserSession } from '../e2e/browser-session';

/** The first account of the fresh install needs the operator's setup token. */
const SETUP_TOKEN = 'screenshots-and-bench-setup-token';

if (!process.env.TEST_DATABASE_URL) {
  console.error(
    'Set TEST_DATABASE_URL to a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/postgres)',
  );
  process.exit(1);
}

async function measure(entries: number): Promise<Record<string, number>> {
  const stack = await startStack({ admin: true, apiEnv: { ADMIN_SETUP_TOKEN: SETUP_TOKEN } });
  try {
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
         from generate_series(1, ${entries}) as n`,
      ],
      { encoding: 'utf8' },
    );
    if (insert.status !== 0) throw new Error(insert.stderr);
    const login = { username: 'bench', password: 'bench-run' };
    await fetch(`${stack.apiUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...login,
        setupToken: SETUP_TOKEN,
        email: 'bench@wordloom.test',
        name: 'Bench Mark',
      }),
    });
    const session = await openBrowserSession(stack.adminUrl!);
    const page: Page = session.page;
    try {
      await page.goto('/auth');
      await page.getByLabel('Username').fill(login.username);
      await page.getByLabel('Password').fill(login.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL(CONSOLE_URL);
      await page.getByText(`of ${entries.toLocaleString('en-US')}`).waitFor();

      const timings: Record<string, number> = {};
      const firstRow = () =>
        page.evaluate(() => document.querySelector('tbody tr')?.textContent ?? '');
      const timed = async (name: string, act: () => Promise<void>) => {
        const before = await firstRow();
        const started = performance.now();
        await act();
        await page.waitForFunction(
          (previous) =>
            document.querySelector('[aria-busy="false"] tbody tr')?.textContent !== previous &&
            document.querySelector('[aria-busy="true"]') === null,
          before,
        );
        timings[name] = performance.now() - started;
      };
      await timed('next page', () => page.getByRole('button', { name: 'Next' }).click());
      await timed('last page', () => page.getByRole('button', { name: 'Last page' }).click());
      await timed('sort by email', () => page.getByRole('button', { name: /^Email/ }).click());
      await timed('sort by last name', () =>
        page.getByRole('button', { name: /^Last name/ }).click(),
      );
      await timed('search (incl. 300 ms debounce)', () =>
        page.getByLabel('Search').fill('person77@'),
      );
      return timings;
    } finally {
      await session.close();
    }
  } finally {
    await stack.stop();
  }
}

const baseline = await measure(100);
const large = await measure(100_000);
console.log('interaction                      100 rows   100,000 rows   ratio');
for (const [name, ms] of Object.entries(large)) {
  const base = baseline[name] ?? Number.NaN;
  console.log(
    `${name.padEnd(32)} ${base.toFixed(0).padStart(6)} ms ${ms.toFixed(0).padStart(9)} ms   ${(ms / base).toFixed(2)}x`,
  );
}
