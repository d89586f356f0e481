import { launchBrowser, type Stack, startStack } from '@repo/e2e';
import type { Browser, CDPSession } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContextSession, openContextSession } from './browser-session';
import { registerFirstAdmin } from './seed';

/*
 * Passkeys end to end (issue 19): the built console, the real API and Chromium's
 * virtual authenticator (CDP WebAuthn domain), which stands in for a device with a
 * screen lock: it keeps discoverable credentials and verifies its user. WebAuthn
 * takes no IP address as its RP id, so the console is reached at localhost here.
 */

const SETUP_TOKEN = 'passkeys-e2e-setup-token-0123456789';
const ADMIN = {
  name: 'Pat Passkey',
  email: 'pat@wordloom.test',
  username: 'pat',
  password: 'correct-horse-passkey',
};

let browser: Browser;
let stack: Stack;
let session: ContextSession;
let cdp: CDPSession;
let authenticatorId: string;

beforeAll(async () => {
  stack = await startStack({
    admin: true,
    adminHostName: 'localhost',
    apiEnv: { ADMIN_SETUP_TOKEN: SETUP_TOKEN, ADMIN_EMAIL_DOMAINS: 'wordloom.test' },
  });
  await registerFirstAdmin(stack.apiUrl, stack.adminUrl!, ADMIN, SETUP_TOKEN);
  browser = await launchBrowser();
  session = await openContextSession(browser, stack.adminUrl!);
  cdp = await session.context.newCDPSession(session.page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  ({ authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  }));
});

afterAll(async () => {
  await session?.close();
  await browser?.close();
  await stack?.stop();
});

const credentials = async () =>
  (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;

async function logOut() {
  const { page } = session;
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/auth');
}

async function typePassword() {
  const { page } = session;
  await page.getByRole('tab', { name: 'Login' }).click();
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

describe('passkeys in the console, with a virtual authenticator', () => {
  it('adds a passkey from the Security page, then signs in with it after the password and without one', async () => {
    const { page } = session;
    await page.goto('/auth');
    await typePassword();
    await page.waitForURL('**/admin**');

    // The Security page: name the passkey, the browser creates it, the API keeps it.
    await page.getByRole('link', { name: 'Security' }).click();
    await page.getByLabel('Passkey name').fill('Virtual laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const list = page.getByRole('list', { name: 'Passkeys' });
    await list.getByText('Virtual laptop').waitFor();
    const created = await credentials();
    expect(created).toHaveLength(1);
    expect(created[0]!.isResidentCredential).toBe(true);
    expect(created[0]!.rpId).toBe('localhost');
    await logOut();

    // The password alone opens nothing now: the passkey is the second step.
    await typePassword();
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    // /admin opens its first section (issue 20): signing out while its lists load would refuse them.
    await page.waitForURL('**/admin/waitlist');
    await page.waitForLoadState('networkidle');
    expect((await credentials())[0]!.signCount).toBeGreaterThan(created[0]!.signCount);
    await logOut();

    // Without a password: the discoverable passkey names the account.
    await page.getByRole('tab', { name: 'Login' }).click();
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL('**/admin**');
    await page.getByRole('link', { name: 'Security' }).click();
    await list.getByText(/Last used/).waitFor();

    expect(session.errors).toEqual([]);
  });
});
