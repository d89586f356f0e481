import { launchBrowser, type Stack, startStack } from '@repo/e2e';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The certified provider the API's SSO tests run against (oidc-provider, on loopback).
import { startTestProvider, type TestProvider } from '../../api/test/helpers/oidc-provider';
import { CONSOLE_URL, type ContextSession, openContextSession } from './browser-session';
import { registerFirstAdmin } from './seed';

/*
 * Single sign-on end to end (issue 35): the built console, the real API, an
 * OpenID provider on loopback and Chromium. The person clicks "Sign in with …",
 * types their id into the provider's own login form, and lands in the console;
 * a refused sign-in lands back on the sign-in page with its reason in plain words.
 */

const SETUP_TOKEN = 'sso-e2e-setup-token-0123456789';
const OWNER = {
  name: 'Sam Single',
  email: 'sam@wordloom.test',
  username: 'sam',
  password: 'correct-horse-single-sign-on',
};

let provider: TestProvider;
let stack: Stack;
let browser: Browser;
let session: ContextSession;

beforeAll(async () => {
  provider = await startTestProvider([]);
  stack = await startStack({
    admin: true,
    apiEnv: {
      ADMIN_SETUP_TOKEN: SETUP_TOKEN,
      ADMIN_EMAIL_DOMAINS: 'wordloom.test',
      ...provider.env(''),
      // The redirect URI follows from ADMIN_URL, which the stack chooses.
      OIDC_REDIRECT_URI: '',
      OIDC_DISPLAY_NAME: 'Wordloom Identity',
    },
  });
  provider.setRedirectUris([`${stack.adminUrl!}/api/auth/oidc/callback`]);
  await registerFirstAdmin(stack.apiUrl, stack.adminUrl!, OWNER, SETUP_TOKEN);
  provider.people.set('sam-at-idp', { email: OWNER.email, name: OWNER.name });
  provider.people.set('unverified-at-idp', { email: 'una@wordloom.test', emailVerified: false });
  browser = await launchBrowser();
});

afterAll(async () => {
  await session?.close();
  await browser?.close();
  await stack?.stop();
  await provider?.close();
});

/**
 * The provider's own pages are not the console's: their console messages (its login
 * form imports a web font, unreachable offline) are not ours.
 */
const consoleErrors = () =>
  session.errors.filter(
    (error) => !error.includes(provider.issuer) && !error.includes('fonts.googleapis.com'),
  );

async function throughProviderAs(login: string) {
  const { page } = session;
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Sign in with Wordloom Identity' }).click();
  await page.waitForURL(`${provider.issuer}/**`);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

describe('single sign-on in Chromium', () => {
  it("signs in through the provider's login form into the console, linked to the account of the address, and signs out there too", async () => {
    session = await openContextSession(browser, stack.adminUrl!);
    await throughProviderAs('sam-at-idp');
    await session.page.waitForURL(CONSOLE_URL);
    const me = await session.page.evaluate(async () => (await fetch('/api/user')).json());
    expect(me).toMatchObject({ username: OWNER.username, role: { key: 'owner' } });

    // Signing out goes on to the provider's end-session page, and back to the sign-in page.
    await session.page.getByRole('button', { name: 'Logout' }).click();
    await session.page.waitForURL(`${provider.issuer}/**`);
    await session.page.getByRole('button', { name: /Yes, sign me out/i }).click();
    await session.page.waitForURL('**/auth');
    const after = await session.page.evaluate(async () => (await fetch('/api/user')).status);
    expect(after).toBe(401);
    expect(consoleErrors()).toEqual([]);
    await session.close();
  });

  it('comes back to the sign-in page with the reason, for an address the provider has not verified', async () => {
    session = await openContextSession(browser, stack.adminUrl!);
    await throughProviderAs('unverified-at-idp');
    await session.page.waitForURL('**/auth?sso_error=unverified_email');
    await expect
      .poll(() => session.page.getByRole('alert').textContent())
      .toContain('has not verified your email address');
    expect(consoleErrors()).toEqual([]);
  });
});
