import { launchBrowser, type Stack, startStack } from '@repo/e2e';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ContextSession, openContextSession } from './browser-session';
import { type ApiSession, createStaff, registerFirstAdmin } from './seed';

/*
 * Issue 23: a member of staff writes a post in the console, sees the live
 * preview, saves it, finds it in the list, publishes it and the public API
 * serves it. One stack for the file; each test its own browser context, staff
 * account and post.
 */

const SETUP_TOKEN = 'e2e-setup-token-0123456789';
const API_ENV = { ADMIN_SETUP_TOKEN: SETUP_TOKEN, ADMIN_EMAIL_DOMAINS: 'wordloom.test' };
const ADMIN = {
  name: 'Ada Admin',
  email: 'ada@wordloom.test',
  username: 'ada',
  password: 'correct-horse',
};

let browser: Browser;
let stack: Stack;
let root: ApiSession;
let session: ContextSession | undefined;
let page: Page;

beforeAll(async () => {
  [browser, stack] = await Promise.all([
    launchBrowser(),
    startStack({ admin: true, apiEnv: API_ENV }),
  ]);
  root = await registerFirstAdmin(stack.apiUrl, stack.adminUrl!, ADMIN, SETUP_TOKEN);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

beforeEach(async () => {
  session = await openContextSession(browser, stack.adminUrl!);
  page = session.page;
});

afterEach(async () => {
  const current = session;
  session = undefined;
  if (!current) return;
  // Console errors fail the test that caused them.
  const errors = current.errors.splice(0);
  await current.close();
  expect(errors).toEqual([]);
});

describe('posts in the console (issue 23)', () => {
  it('writes a post with a live preview, saves it, lists it and publishes it to the site', async () => {
    const writer = await createStaff(stack.apiUrl, root, 'writer', { signInto: page.context() });
    const marker = Math.random().toString(36).slice(2, 8);
    const title = `Planning a content calendar ${marker}`;
    const slug = `planning-a-content-calendar-${marker}`;

    await page.goto('/admin/posts');
    await page.getByText(`Signed in as ${writer.name}`).waitFor();
    await page.getByRole('link', { name: 'New post' }).click();
    await page.waitForURL('**/admin/posts/new');

    await page.getByLabel('Title').fill(title);
    // The slug follows the title, as the API would make it.
    expect(await page.getByLabel('Slug').inputValue()).toBe(slug);
    await page
      .getByLabel('Excerpt')
      .fill('A content calendar that survives a busy quarter: goals, cadence and a weekly review.');
    await page.getByLabel('Category').fill('Guides');
    await page.getByLabel('Tags').fill('Planning, SEO');
    await page.getByLabel('Author', { exact: true }).fill('Maya Okafor');
    await page
      .getByLabel('Body (markdown)')
      .fill('## Start with the goal\n\nCompare the plans on [the pricing page](/pricing).\n');

    // The live preview is the site's pipeline: the post's headings start at h2.
    const preview = page.getByTestId('post-preview');
    await preview.getByRole('heading', { level: 2, name: 'Start with the goal' }).waitFor();
    expect(await preview.getByRole('link', { name: 'the pricing page' }).getAttribute('href')).toBe(
      '/pricing',
    );
    await page.getByText('No problems found.').waitFor();

    await page.getByRole('button', { name: 'Create draft' }).click();
    await page.waitForURL(/\/admin\/posts\/\d+$/);
    await page.getByRole('button', { name: 'Save', exact: true }).waitFor();
    const id = Number(new URL(page.url()).pathname.split('/').at(-1));

    // A draft is not on the site.
    expect((await fetch(`${stack.apiUrl}/api/posts/${slug}`)).status).toBe(404);

    await page.getByRole('link', { name: '← All posts' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/posts');
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByText('Draft').waitFor();
    await row.getByText('Maya Okafor').waitFor();
    await row.getByRole('link', { name: title }).click();
    await page.waitForURL(`**/admin/posts/${id}`);

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Publish now?' })
      .getByRole('button', { name: 'Publish now' })
      .click();
    // The post's state, not the toast (a toast leaves by itself after a while).
    await page.getByRole('button', { name: 'Unpublish' }).waitFor();
    await page.getByText(/^Published .*, at \/blog\//).waitFor();

    // The public API serves it (the writing instance dropped its posts snapshot).
    await expect
      .poll(async () => (await fetch(`${stack.apiUrl}/api/posts/${slug}`)).status, {
        timeout: 10_000,
      })
      .toBe(200);
    const published = (await (await fetch(`${stack.apiUrl}/api/posts/${slug}`)).json()) as {
      title: string;
      author: string;
      content: string;
    };
    expect(published).toMatchObject({ title, author: 'Maya Okafor' });
    expect(published.content).toContain('[the pricing page](/pricing)');
  });
});
