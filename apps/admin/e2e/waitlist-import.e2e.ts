/**
 * Issue 34: a waitlist imported from a CSV file in the console: the Import
 * button, the upload, the mapping guessed from the header, the dry run's report,
 * the import's progress to its end, the people in the list, and the undo.
 */
import { launchBrowser, type Stack, startStack } from '@repo/e2e';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ACTION_TIMEOUT_MS, type ContextSession, openContextSession } from './browser-session';
import { registerFirstAdmin, signIn } from './seed';

const SETUP_TOKEN = 'e2e-import-setup-token-0123456789';
const ADMIN = {
  name: 'Ida Import',
  email: 'ida@wordloom.test',
  username: 'ida',
  password: 'a-long-import-passphrase',
};
const CSV = [
  'E-mail,Full name,Organisation,Created',
  'ada@example.com,Ada Lovelace,Analytical Engines,2025-01-02',
  'not-an-address,Nobody Here,Nowhere,2025-01-03',
  'alan@example.com,Alan Turing,Bletchley Park,2025-01-04',
].join('\r\n');

let stack: Stack;
let browser: Browser;
let session: ContextSession | undefined;

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startStack({ admin: true, apiEnv: { ADMIN_SETUP_TOKEN: SETUP_TOKEN } }),
    launchBrowser(),
  ]);
  await registerFirstAdmin(stack.apiUrl, stack.adminUrl!, ADMIN, SETUP_TOKEN);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

afterEach(async () => {
  const current = session;
  session = undefined;
  if (!current) return;
  const errors = current.errors.splice(0);
  await current.close();
  expect(errors, 'console errors in the browser').toEqual([]);
});

async function openWaitlist(): Promise<Page> {
  session = await openContextSession(browser, stack.adminUrl!, { width: 1440, height: 900 });
  await signIn(session.context, ADMIN);
  const { page } = session;
  await page.goto('/admin/waitlist');
  await page.getByRole('button', { name: 'Import', exact: true }).waitFor();
  return page;
}

it('imports a small file step by step and shows its people in the list', async () => {
  const page = await openWaitlist();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a waitlist' });
  await dialog
    .getByLabel(/CSV file/)
    .setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await dialog.getByRole('button', { name: 'Upload' }).click();

  // The mapping guessed from the header names.
  const mapping = dialog.getByRole('table', { name: 'Column mapping' });
  await mapping.waitFor({ timeout: ACTION_TIMEOUT_MS });
  expect(await dialog.getByLabel('Email', { exact: true }).inputValue()).toBe('0');
  expect(await dialog.getByLabel('Full name').inputValue()).toBe('1');
  expect(await dialog.getByLabel('Company').inputValue()).toBe('2');
  expect(await dialog.getByLabel('Signed up at').inputValue()).toBe('3');

  await dialog.getByRole('button', { name: 'Dry run' }).click();
  await dialog.getByText('2 of 3 rows can be imported.').waitFor({ timeout: ACTION_TIMEOUT_MS });
  await expect
    .poll(() => dialog.getByRole('list', { name: 'Rows passed over, by problem' }).textContent())
    .toContain('Invalid email address: 1');

  await dialog.getByRole('button', { name: 'Import 2 people' }).click();
  await dialog.getByText('Imported 2 people').waitFor({ timeout: ACTION_TIMEOUT_MS });
  await dialog.getByRole('button', { name: 'Done' }).click();

  const table = page.getByRole('table', { name: 'Waitlist entries' });
  await table
    .getByRole('cell', { name: 'ada@example.com' })
    .waitFor({ timeout: ACTION_TIMEOUT_MS });
  await table.getByRole('cell', { name: 'alan@example.com' }).waitFor();
});

it('undoes an import from its result', async () => {
  const page = await openWaitlist();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a waitlist' });
  const file = ['Email,First name,Last name', 'grace@example.com,Grace,Hopper'].join('\r\n');
  await dialog
    .getByLabel(/CSV file/)
    .setInputFiles({ name: 'more.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await dialog.getByRole('button', { name: 'Dry run' }).click({ timeout: ACTION_TIMEOUT_MS });
  await dialog.getByLabel(/Send each the confirmation email/).check({ timeout: ACTION_TIMEOUT_MS });
  await dialog.getByRole('button', { name: 'Import 1 person' }).click();
  await dialog
    .getByText('Imported 1 person, 1 confirmation email queued')
    .waitFor({ timeout: ACTION_TIMEOUT_MS });
  await dialog.getByRole('button', { name: /Undo import/ }).click();
  await dialog.getByText('Import undone').waitFor({ timeout: ACTION_TIMEOUT_MS });
  await dialog.getByRole('button', { name: 'Done' }).click();
  const table = page.getByRole('table', { name: 'Waitlist entries' });
  await table
    .getByRole('cell', { name: 'ada@example.com' })
    .waitFor({ timeout: ACTION_TIMEOUT_MS });
  expect(await table.getByRole('cell', { name: 'grace@example.com' }).count()).toBe(0);
});
