import { launchBrowser, type Stack, startStack } from '@repo/e2e';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ContextSession, openContextSession } from './browser-session';
import { countRows, joinWaitlist, registerFirstAdmin, signIn, sqlRows } from './seed';

/*
 * Issue 32: bulk actions on the waitlist, in Chromium against the real API and a
 * fresh database: selecting rows and approving them with the cap in the way, and
 * a bulk delete. The seats are set with SQL (psql), as a busy beta would hold them.
 */
const ADMIN = {
  name: 'Ada Admin',
  email: 'ada@wordloom.test',
  username: 'ada',
  password: 'correct-horse',
};
const SETUP_TOKEN = 'e2e-setup-token-0123456789';

let browser: Browser;
let stack: Stack;
let session: ContextSession | undefined;
let page: Page;

const sql = <T = unknown>(statement: string) => sqlRows<T>(stack, statement);
const count = (query: string) => countRows(stack, query);

async function seedPeople(tag: string, howMany: number): Promise<void> {
  for (let index = 0; index < howMany; index += 1) {
    await joinWaitlist(stack.apiUrl, {
      email: `${tag}-${index}@example.com`,
      firstName: `${tag[0]!.toUpperCase()}${tag.slice(1)}${index}`,
      lastName: 'Tester',
    });
  }
  // Double opt-in: only confirmed people stand in the queue.
  sql(`update waitlist_entries set confirmed_at = now() where email like '${tag}-%'`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  stack = await startStack({ admin: true, apiEnv: { ADMIN_SETUP_TOKEN: SETUP_TOKEN } });
  await registerFirstAdmin(stack.apiUrl, stack.adminUrl!, ADMIN, SETUP_TOKEN);
});
afterAll(async () => {
  await stack?.stop();
  await browser?.close();
});
beforeEach(async () => {
  session = await openContextSession(browser, stack.adminUrl!, { width: 1440, height: 900 });
  page = session.page;
  await signIn(session.context, ADMIN);
});
afterEach(async () => {
  const current = session;
  session = undefined;
  if (!current) return;
  const errors = current.errors.splice(0);
  await current.close();
  expect(errors).toEqual([]);
});

const bar = () => page.getByRole('region', { name: 'Bulk actions' });
const rowCheckbox = (name: string) => page.getByRole('checkbox', { name: `Select ${name}` });

describe('bulk actions on the waitlist', () => {
  it('approves a selection in queue order up to the free seats, and reports the rest', async () => {
    // 97 of the 100 seats held: three free for five people.
    sql(`insert into beta_participants (first_name, last_name, email, status, invited_at, accepted_at)
         select 'Seat', g::text, 'seat-' || g || '@example.com', 'active', now(), now()
         from generate_series(1, 97) g`);
    await seedPeople('capped', 5);
    await page.goto('/admin/waitlist?search=capped');
    await page.getByText('capped-4@example.com').waitFor();
    await page.getByRole('checkbox', { name: 'Select all on this page' }).click();
    await bar().getByText('5 selected').waitFor();
    await page.screenshot({ path: '/tmp/bulk-selection-1440.png', fullPage: true });

    await bar().getByRole('button', { name: 'Approve for Beta' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Approve 5 people for the beta?').waitFor();
    await dialog.getByRole('button', { name: 'Approve' }).click();

    await page.getByText('Finished: 3 invited, 2 skipped, 0 failed').waitFor();
    await page.getByText('No free seat: 2').waitFor();
    await page.getByText('Who was skipped').click();
    // The first three in queue order (signup order here) took the seats.
    await page.getByText('Capped3 Tester (capped-3@example.com): No free seat').waitFor();
    await page.getByText('Capped4 Tester (capped-4@example.com): No free seat').waitFor();
    await page.screenshot({ path: '/tmp/bulk-result-1440.png', fullPage: true });

    expect(
      count(`select 1 from beta_participants p join waitlist_entries w on w.id = p.waitlist_entry_id
             where w.email like 'capped-%'`),
    ).toBe(3);
    expect(
      count(`select 1 from beta_participants where status = 'active'
             or (status = 'invited' and invitation_expires_at > now())`),
    ).toBe(100);
    const mailed = sql<{ to_email: string }>(
      `select row_to_json(r) from (select to_email from email_outbox
       where template_id = 'beta-invitation' order by to_email) r`,
    ).map((row) => row.to_email);
    expect(mailed).toEqual([
      'capped-0@example.com',
      'capped-1@example.com',
      'capped-2@example.com',
    ]);

    await page.setViewportSize({ width: 375, height: 900 });
    await page.screenshot({ path: '/tmp/bulk-result-375.png', fullPage: true });
    await rowCheckbox('Capped3 Tester').click();
    await bar().getByText('1 selected').waitFor();
    await page.screenshot({ path: '/tmp/bulk-selection-375.png', fullPage: true });
  });

  it('deletes the selected entries after a confirmation stating the count', async () => {
    await seedPeople('doomed', 3);
    await page.goto('/admin/waitlist?search=doomed');
    await page.getByText('doomed-2@example.com').waitFor();
    await rowCheckbox('Doomed0 Tester').click();
    await rowCheckbox('Doomed2 Tester').click();
    await bar().getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Delete 2 people permanently?').waitFor();
    await dialog.getByRole('button', { name: 'Delete permanently' }).click();
    await page.getByText('Finished: 2 deleted, 0 skipped, 0 failed').waitFor();
    await page.getByText('doomed-0@example.com').waitFor({ state: 'detached' });
    await page.getByText('doomed-1@example.com').waitFor();
    expect(count(`select 1 from waitlist_entries where email like 'doomed-%'`)).toBe(1);
    expect(count(`select 1 from audit_log where action = 'waitlist.delete'`)).toBe(2);
    expect(count(`select 1 from audit_log where action = 'waitlist.bulk'`)).toBeGreaterThanOrEqual(
      1,
    );
  });
});
