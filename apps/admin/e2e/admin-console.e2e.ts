import { readFile } from 'node:fs/promises';
import { type Stack, startStack } from '@repo/e2e';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, openBrowserSession } from './browser-session';
import { joinWaitlist, sendContactMessage } from './seed';

// One stack and one browser session for the whole story: each test builds on
// the previous one, like a member of staff working through the console.
let stack: Stack;
let session: BrowserSession;
let page: Page;

const ADMIN = {
  name: 'Ada Admin',
  email: 'ada@wordloom.test',
  username: 'ada',
  password: 'correct-horse',
};

/** A colleague who registers after the first admin: pending until the emailed link is opened. */
const COLLEAGUE = {
  name: 'Grace Colleague',
  email: 'grace@wordloom.test',
  username: 'grace',
  password: 'flow-matic-1955',
};

// Issue 8: the operator's token for the first account; later accounts need a staff domain.
const SETUP_TOKEN = 'e2e-setup-token-0123456789';

beforeAll(async () => {
  stack = await startStack({
    admin: true,
    apiEnv: { ADMIN_SETUP_TOKEN: SETUP_TOKEN, ADMIN_EMAIL_DOMAINS: 'wordloom.test' },
  });
  await joinWaitlist(stack.apiUrl, {
    email: 'alan@example.com',
    firstName: 'Alan',
    lastName: 'Turing',
  });
  await joinWaitlist(stack.apiUrl, {
    email: 'grace@example.com',
    firstName: 'Grace',
    lastName: 'Hopper',
  });
  await sendContactMessage(stack.apiUrl, {
    name: 'Barbara Liskov',
    email: 'barbara@example.com',
    subject: 'Agency access to the beta',
    message: 'Can our agency use the beta for client work?',
  });
  session = await openBrowserSession(stack.adminUrl!);
  page = session.page;
  page.setDefaultTimeout(10_000);
});

afterAll(async () => {
  await session?.close();
  await stack?.stop();
});

afterEach(() => {
  // Console errors fail the test that caused them.
  const errors = session.errors.splice(0);
  expect(errors).toEqual([]);
});

async function expectToast(title: string) {
  await page.getByRole('status').filter({ hasText: title }).first().waitFor();
}

async function openTab(name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
}

/** Chromium logs refused requests as console errors; take out the ones a test expects. */
function takeExpectedErrors(pattern: RegExp, path: RegExp): string[] {
  const expected = session.errors.filter((error) => pattern.test(error) && path.test(error));
  session.errors.splice(
    0,
    session.errors.length,
    ...session.errors.filter((error) => !expected.includes(error)),
  );
  return expected;
}

async function logIn(user: { username: string; password: string }) {
  await page.getByRole('tab', { name: 'Login' }).click();
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** The link of the newest email to `email`, read from the outbox with the page's session. */
async function tokenMailedTo(email: string): Promise<string> {
  const list = await page.request.get('/api/admin/email/outbox?pageSize=100');
  expect(list.ok()).toBe(true);
  const { items } = (await list.json()) as { items: { id: string; toEmail: string }[] };
  const message = items.find((item) => item.toEmail === email);
  expect(message).toBeDefined();
  const detail = await page.request.get(`/api/admin/email/outbox/${message!.id}`);
  const { textBody } = (await detail.json()) as { textBody: string };
  const token = /[?&]token=([A-Za-z0-9_-]+)/.exec(textBody)?.[1];
  expect(token).toBeDefined();
  return token!;
}

describe('admin console', () => {
  it('redirects /admin to /auth without a session', async () => {
    await page.goto('/admin');
    await page.waitForURL('**/auth');
    await page.getByRole('tab', { name: 'Login' }).waitFor();
  });

  it('registers the first admin with the setup token and lands on the console with its stats', async () => {
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Name', { exact: true }).fill(ADMIN.name);
    await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    // Issue 8: while no account exists, the first one needs the operator's setup token.
    await page.getByLabel('Setup token').fill(SETUP_TOKEN);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/admin');
    await page.getByText(`Signed in as ${ADMIN.name}`).waitFor();
    for (const title of [
      'Beta Users',
      'Waitlist Signups',
      'Contact Submissions',
      'Feature Engagement',
    ]) {
      await page.getByTestId(`stat-${title}`).waitFor();
    }
    expect(await page.getByTestId('stat-Beta Users').textContent()).toBe('0');
  });

  it('logs out, and logs back in', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/auth');
    await page.goto('/admin');
    await page.waitForURL('**/auth');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/admin');
  });

  it('approves a waitlist entry through the preview dialog', async () => {
    const row = page.getByRole('row').filter({ hasText: 'alan@example.com' });
    await row.getByRole('button', { name: 'Approve Alan Turing for Beta' }).click();
    const dialog = page.getByRole('dialog');
    const frame = dialog.locator('iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('sandbox')).toBe('');
    await page
      .frameLocator('iframe[title="Approve for Beta email preview"]')
      .getByText('Alan')
      .first()
      .waitFor();
    await dialog.getByRole('button', { name: 'Approve and send invitation' }).click();
    await expectToast('Beta invitation sent');
    await row.getByText('In beta').waitFor();
    await page.getByTestId('stat-Beta Users').filter({ hasText: '1' }).waitFor();
  });

  it('shows the participant and the queued invitation', async () => {
    await openTab('Beta');
    const participant = page.getByRole('row').filter({ hasText: 'alan@example.com' });
    await participant.getByText('Never').waitFor();
    await openTab('Email');
    const outboxRow = page
      .getByRole('row')
      .filter({ hasText: 'alan@example.com' })
      .filter({ hasText: 'beta-invitation' });
    await outboxRow.waitFor();
  });

  it('opens a contact message, which marks it read, and marks it replied', async () => {
    await openTab('Contacts');
    const row = page.getByRole('row').filter({ hasText: 'barbara@example.com' });
    await row.getByText('New').waitFor();
    await row.getByRole('button', { name: 'View message from Barbara Liskov' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Can our agency use the beta for client work?').waitFor();
    await dialog.getByText('Read', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Mark as Replied' }).click();
    await expectToast('Status updated');
    await dialog.getByText('Replied', { exact: true }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Mark as Replied' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await row.getByText('Replied').waitFor();
  });

  it('creates an API key, shows it once, and revokes it', async () => {
    await openTab('API Keys');
    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('E2E integration');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await expectToast('API key created');
    const fullKey = await dialog.locator('#new-api-key').inputValue();
    expect(fullKey.length).toBeGreaterThan(16);
    await dialog.getByRole('button', { name: 'Copy key' }).click();
    await expectToast('Copied!');
    await dialog.getByRole('button', { name: 'Done' }).click();

    const row = page.getByRole('row').filter({ hasText: 'E2E integration' });
    const masked = `${fullKey.slice(0, 12)}${'*'.repeat(20)}${fullKey.slice(-4)}`;
    await row.getByText(masked).waitFor();
    await row.getByRole('button', { name: 'Revoke E2E integration' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm
      .getByText('Are you sure you want to revoke this API key? This action cannot be undone.')
      .waitFor();
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expectToast('API key revoked');
    await row.getByText('Revoked').waitFor();
    expect(await row.getByRole('button').count()).toBe(0);
  });

  it('lists the staff and the audit log of what they did', async () => {
    await openTab('Staff');
    const own = page.getByRole('row').filter({ hasText: ADMIN.email });
    await own.getByText('Active').waitFor();
    await own.getByText('You').waitFor();
    await openTab('Audit log');
    const revoked = page
      .getByRole('row')
      .filter({ hasText: 'api_key.revoke' })
      .filter({ hasText: ADMIN.username });
    await revoked.waitFor();
    await page.getByRole('row').filter({ hasText: 'account.register' }).waitFor();
  });

  it('exports the waitlist as CSV', async () => {
    await openTab('Waitlist');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('waitlist-export.csv');
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).toContain('grace@example.com');
    await expectToast('Export successful');
  });

  it('works from the keyboard: arrow keys move between tabs, Escape closes a dialog', async () => {
    await page.getByRole('tab', { name: 'Waitlist', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Beta participants' }).waitFor();
    await openTab('API Keys');
    // A toast is a dismissable layer too: one still showing from an earlier test
    // would take the first Escape (see the closing note), so let them all close.
    const toasts = page.getByRole('region', { name: /Notifications/ }).locator('li');
    await expect.poll(() => toasts.count(), { timeout: 15_000 }).toBe(0);
    await page.getByRole('button', { name: 'Create API key' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('logs out and is sent to /auth when visiting /admin again', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/auth');
    await page.goto('/admin');
    await page.waitForURL('**/auth');
  });

  it("shows the server's refusals in 'Login failed' and 'Registration failed' toasts", async () => {
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expectToast('Login failed');
    await page.getByText('Invalid username or password').first().waitFor();

    // After the first account, only staff email domains may register.
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Mallory Outsider');
    await page.getByLabel('Email', { exact: true }).fill('mallory@example.com');
    await page.getByLabel('Username').fill('mallory');
    await page.getByLabel('Password').fill('let-me-in');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectToast('Registration failed');
    await page
      .getByText(/^Registration is closed/)
      .first()
      .waitFor();
    expect(page.url()).toMatch(/\/auth$/);

    // Chromium logs the two refused requests; they are this test's expected answers.
    expect(takeExpectedErrors(/status of (401|403)/, /\/api\/(login|register)/)).toHaveLength(2);
  });

  it('registers a colleague, who is pending until the emailed link is opened', async () => {
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Name', { exact: true }).fill(COLLEAGUE.name);
    await page.getByLabel('Email', { exact: true }).fill(COLLEAGUE.email);
    await page.getByLabel('Username').fill(COLLEAGUE.username);
    await page.getByLabel('Password').fill(COLLEAGUE.password);
    expect(await page.getByLabel('Setup token').count()).toBe(0);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectToast('Check your inbox');
    await page
      .getByRole('form', { name: 'Register' })
      .getByRole('status')
      .filter({ hasText: `we sent a confirmation link to ${COLLEAGUE.email}` })
      .waitFor();
    expect(page.url()).toMatch(/\/auth$/);

    // A pending account cannot sign in.
    await logIn(COLLEAGUE);
    await expectToast('Login failed');
    await page
      .getByText(/^Confirm your email address first/)
      .first()
      .waitFor();
    expect(page.url()).toMatch(/\/auth$/);
    expect(takeExpectedErrors(/status of 403/, /\/api\/login/)).toHaveLength(1);

    // The first admin reads the link from the outbox and sees the pending account.
    await logIn(ADMIN);
    await page.waitForURL('**/admin');
    const token = await tokenMailedTo(COLLEAGUE.email);
    await openTab('Staff');
    await page.getByRole('row').filter({ hasText: COLLEAGUE.email }).getByText('Pending').waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/auth');

    await page.goto(`/verify-email?token=${token}`);
    await page.getByText('Email confirmed. You can now sign in.').waitFor();
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await page.waitForURL('**/auth');
    await logIn(COLLEAGUE);
    await page.waitForURL('**/admin');
    await page.getByText(`Signed in as ${COLLEAGUE.name}`).waitFor();
  });

  it('invites a colleague, who joins through the link, and disables an account', async () => {
    const invited = { name: 'Linus Invited', username: 'linus', password: 'penguin-parade-91' };
    await openTab('Staff');
    await page.getByRole('button', { name: 'Invite staff' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill('linus@wordloom.test');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expectToast('Invitation sent');
    const token = await tokenMailedTo('linus@wordloom.test');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/auth');

    await page.goto(`/accept-invite?token=${token}`);
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(
      'linus@wordloom.test',
    );
    await page.getByLabel('Name', { exact: true }).fill(invited.name);
    await page.getByLabel('Username').fill(invited.username);
    await page.getByLabel('Password').fill(invited.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/admin');
    await page.getByText(`Signed in as ${invited.name}`).waitFor();

    await openTab('Staff');
    const grace = page.getByRole('row').filter({ hasText: COLLEAGUE.email });
    await grace.getByRole('button', { name: `Disable ${COLLEAGUE.username}` }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm
      .getByText(
        `Disable ${COLLEAGUE.username}? They are signed out everywhere and cannot sign in until enabled again.`,
      )
      .waitFor();
    await confirm.getByRole('button', { name: 'Disable' }).click();
    await expectToast('Account disabled');
    await grace.getByText('Disabled').waitFor();
    await grace.getByRole('button', { name: `Enable ${COLLEAGUE.username}` }).waitFor();

    await openTab('Audit log');
    await page
      .getByRole('row')
      .filter({ hasText: 'account.disable' })
      .filter({ hasText: invited.username })
      .waitFor();
  });
});
