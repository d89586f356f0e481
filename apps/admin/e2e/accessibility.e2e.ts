/**
 * Issue 13, accessibility of the console: axe-core (WCAG 2.2 A and AA plus best
 * practice) finds nothing on /auth, on any tab or in any dialog; every button's
 * accessible name starts with the text it shows (WCAG 2.5.3); closing a dialog
 * gives focus back to the button that opened it; reduced motion is honoured.
 */
import {
  axeViolations,
  labelInNameMismatches,
  launchBrowser,
  type Stack,
  startStack,
} from '@repo/e2e';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

const SETUP_TOKEN = 'a11y-e2e-setup-token-0123456789';
const ADMIN = {
  name: 'Ada Admin',
  email: 'ada@wordloom.test',
  username: 'ada',
  password: 'correct-horse-battery',
};

let stack: Stack;
let browser: Browser;
const pages: Page[] = [];
const errors: string[] = [];

/** Seeds through the API as visitors and a signed-in admin would. */
async function seed(apiUrl: string, adminUrl: string): Promise<void> {
  const send = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return response;
  };
  const registered = await send(`${adminUrl}/api/register`, {
    ...ADMIN,
    setupToken: SETUP_TOKEN,
  });
  const cookie = (registered.headers.get('set-cookie') ?? '').split(';')[0]!;
  const asAdmin = { cookie, origin: adminUrl };
  // A colleague (pending until confirmed), so the staff tab shows Delete (issue 19: a
  // pending account is deleted, never disabled).
  await send(`${adminUrl}/api/register`, {
    name: 'Grace Colleague',
    email: 'grace@wordloom.test',
    username: 'grace',
    password: 'flow-matic-1955-compiler',
  });
  for (const [firstName, lastName] of [
    ['Alan', 'Turing'],
    ['Ada', 'Lovelace'],
  ] as const) {
    await send(`${apiUrl}/api/waitlist`, {
      email: `${firstName.toLowerCase()}@example.com`,
      firstName,
      lastName,
      company: 'Analytical Engines',
      primaryUse: 'Blog Writing',
    });
  }
  await send(`${apiUrl}/api/contact`, {
    name: 'Barbara Liskov',
    email: 'barbara@example.com',
    subject: 'Agency access to the beta',
    message: 'Can our agency use the beta for client work?',
    status: 'new',
  });
  const list = (await (
    await fetch(`${adminUrl}/api/admin/waitlist`, { headers: asAdmin })
  ).json()) as { items: { id: string; email: string }[] };
  const alan = list.items.find((entry) => entry.email === 'alan@example.com')!;
  // Alan becomes a beta participant (Beta tab, Resend invite; the outbox gets his invitation).
  await send(`${adminUrl}/api/admin/beta/approve/${alan.id}`, {}, asAdmin);
  await send(
    `${adminUrl}/api/admin/api-keys`,
    { name: 'Zapier', environment: 'live', permissions: ['waitlist:read'] },
    asAdmin,
  );
  // An invite code (issue 11), for the Invite codes tab and its redemptions dialog.
  await send(
    `${adminUrl}/api/admin/invite-codes`,
    { code: 'LAUNCHWEEK', maxRedemptions: 5, note: 'Launch week' },
    asAdmin,
  );
  // A survey response and one left at step 2, for the Beta survey view (issue 12).
  const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36' };
  const key = '0f7d3c1e-5b2a-4e8f-9a6b-1c2d3e4f5a6b';
  await fetch(`${apiUrl}/api/beta-feedback/progress`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...browser },
    body: JSON.stringify({
      key,
      step: 2,
      answers: { email: 'linus@example.com', firstName: 'Linus', lastName: 'Torvalds' },
    }),
  });
  await send(`${apiUrl}/api/beta-feedback`, {
    email: 'grace@example.com',
    firstName: 'Grace',
    lastName: 'Hopper',
    primaryRole: 'Content lead',
    aiExperienceLevel: 'expert',
    gettingStartedEase: 'easy',
    initialImpressions: 'Fast setup, and the drafts read clearly.',
    workflowEase: 'easy',
    keywordResearchEase: 'neutral',
    blogPostCreationEase: 'very_easy',
    whyItMattersUseful: 'very_useful',
    profileSetupRating: 'easy',
    brandSetupRating: 'easy',
    keywordResearchRating: 'neutral',
    blogPostRating: 'very_easy',
    contentLibraryRating: 'did_not_attempt',
    contentQualitySatisfaction: 'satisfied',
    contentAccuracyRating: 'satisfied',
    brandReflectionRating: 'very_satisfied',
    recommendationLikelihood: 'very_likely',
    overallSatisfaction: 'satisfied',
    improvementSuggestions: 'A calendar export for the editorial plan.',
  });
}

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startStack({
      admin: true,
      apiEnv: { ADMIN_SETUP_TOKEN: SETUP_TOKEN, ADMIN_EMAIL_DOMAINS: 'wordloom.test' },
    }),
    launchBrowser(),
  ]);
  await seed(stack.apiUrl, stack.adminUrl!);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

afterEach(async () => {
  await Promise.all(pages.splice(0).map((page) => page.context().close()));
  expect(errors.splice(0), 'console errors in the browser').toEqual([]);
});

/**
 * A page in its own context. axe is injected as an inline script, which the console's CSP rightly refuses, hence bypassCSP.
 * axe judges colours as they are at rest, so the sweeps ask for reduced motion: a badge whose colour
 * fades (transition-colors) when a status changes in the background is never measured mid-fade. The
 * last test checks that motion itself.
 */
async function newPage(width = 1280, reducedMotion = true): Promise<Page> {
  const context = await browser.newContext({
    baseURL: stack.adminUrl,
    viewport: { width, height: 900 },
    bypassCSP: true,
    reducedMotion: reducedMotion ? 'reduce' : 'no-preference',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  pages.push(page);
  page.on('console', (message) => {
    // The session check answers 401 before signing in (spec section 6).
    if (message.type() === 'error' && !message.text().includes('status of 401')) {
      errors.push(`${page.url()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return page;
}

async function signIn(page: Page): Promise<void> {
  const answer = await page.request.post('/api/login', {
    data: { username: ADMIN.username, password: ADMIN.password },
  });
  expect(answer.status()).toBe(200);
  await page.goto('/admin');
  // /admin opens the first section (issue 20): settled there, a menu opened next stays open.
  await page.waitForURL('**/admin/waitlist');
  // The address changes before the router renders it (a transition): wait for the
  // sidebar to mark the section, or the Menu opened next closes on that render.
  await page.locator('#admin-nav a[aria-current="page"]', { hasText: 'Waitlist' }).waitFor({
    state: 'attached',
  });
  await page.getByRole('button', { name: 'Logout' }).waitFor();
}

/**
 * Opens a console section from the sidebar (issue 20); on a small screen the
 * sidebar is behind the header's Menu button.
 */
async function openSection(page: Page, name: string): Promise<void> {
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name, exact: true })
    .click();
  // The menu closes on navigation, hiding the sidebar: look for the link, not its role.
  await page
    .locator('#admin-nav a[aria-current="page"]', { hasText: name })
    .waitFor({ state: 'attached' });
}

/** Waits until nothing on the page is loading: no busy region, skeleton or spinner, and (briefly) no requests. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.querySelector('[aria-busy="true"], .animate-pulse, .animate-spin'),
  );
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
}

async function check(page: Page, label: string, found: Record<string, string[]>): Promise<void> {
  // Colours are judged at rest: a badge whose colour is still fading (transition-colors)
  // behind a dialog's fading overlay reads as a blend of both.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Two frames: a table that has just grown wider than the screen becomes a focusable
  // region once its ResizeObserver has reported (it does before the next paint).
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
  const problems = [
    ...(await axeViolations(page)).map((v) => `${v.id} (${v.impact}): ${v.nodes.join(' | ')}`),
    ...(await labelInNameMismatches(page)).map((text) => `label-in-name: ${text}`),
  ];
  if (problems.length > 0) found[label] = problems;
}

/** A dialog opened from a menu (issue 32): the menu's button, then its item. */
interface MenuOpener {
  menu: string;
  item: string;
}

/** Each section, with the buttons (or menu items) that open its dialogs (the first match of each). */
const TABS: Record<string, (string | RegExp | MenuOpener)[]> = {
  Waitlist: [
    // Issue 32: an unconfirmed entry's button is the reminder; the other actions are
    // in the row's menu.
    { menu: 'Actions for Ada Lovelace', item: 'Approve for Beta' },
    { menu: 'Actions for Ada Lovelace', item: 'Hang Tight' },
    { menu: 'Actions for Ada Lovelace', item: 'Delete' },
    // Issue 11: the referral chain.
    '0 referrals of Ada Lovelace',
    // Issue 19: erasure lives with the people, for any role with people:erase.
    'Erase a person',
    // Issue 32: the keys, and saving a view.
    'Keyboard shortcuts',
    { menu: 'Views', item: 'Save current view…' },
  ],
  Beta: [],
  'Invite codes': ['Create invite code', '0 of 5: redemptions of LAUNCHWEEK'],
  Contacts: ['View message from Barbara Liskov', 'Delete message from Barbara Liskov'],
  // Issue 23: the blog's posts (the seeded ones).
  Posts: [],
  // The Email sections (issue 20).
  Templates: ['Send test email', 'Bulk send', /^Preview /],
  Outbox: [/^View email to /],
  Suppressions: [],
  Analytics: [],
  // The beta survey (issue 12).
  Survey: [],
  Staff: ['Invite staff', `Sessions of ${ADMIN.username}`, 'Delete grace'],
  Roles: [],
  'API Keys': ['Create API key', 'Revoke Zapier'],
  'Audit log': [],
};

describe('axe-core and label-in-name', () => {
  for (const width of [1280, 375]) {
    it(`find nothing on /auth at ${width} px`, async () => {
      const page = await newPage(width);
      const found: Record<string, string[]> = {};
      await page.goto('/auth');
      await page.getByRole('tab', { name: 'Login' }).waitFor();
      await check(page, 'login', found);
      await page.getByRole('tab', { name: 'Register' }).click();
      await page.getByRole('button', { name: 'Create account' }).waitFor();
      await check(page, 'register', found);
      expect(found).toEqual({});
    });
  }

  it('find nothing on any console tab at 375 px, and no tab scrolls the page sideways', async () => {
    const page = await newPage(375);
    await signIn(page);
    const found: Record<string, string[]> = {};
    for (const tab of Object.keys(TABS)) {
      await openSection(page, tab);
      await settled(page);
      await check(page, tab, found);
      // Wide tables scroll inside their own box; the page itself never does.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      if (overflow > 0) (found[tab] ??= []).push(`the page scrolls sideways by ${overflow} px`);
    }
    expect(found).toEqual({});
  });

  it('find nothing on any console tab or dialog at 1280 px, and each dialog gives focus back to its opener', async () => {
    const page = await newPage(1280);
    await signIn(page);
    const found: Record<string, string[]> = {};
    const focusLost: string[] = [];
    for (const [tab, openers] of Object.entries(TABS)) {
      await openSection(page, tab);
      await settled(page);
      await check(page, tab, found);
      for (const name of openers) {
        const isMenu = typeof name === 'object' && 'menu' in name;
        const opener = page
          .getByRole('button', {
            name: isMenu ? name.menu : name,
            exact: typeof name === 'string' || isMenu,
          })
          .first();
        await opener.click();
        if (isMenu) {
          const menu = page.getByRole('menu');
          await menu.waitFor();
          await settled(page);
          await check(page, `${tab}: ${name.menu} menu`, found);
          await menu.getByRole('menuitem', { name: name.item, exact: true }).click();
        }
        const dialog = page.locator('[role="dialog"], [role="alertdialog"]');
        await dialog.waitFor();
        await settled(page);
        const label = isMenu ? `${name.menu} › ${name.item}` : String(name);
        await check(page, `${tab}: ${label}`, found);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        // Radix gives focus back in a timeout after the dialog unmounts: wait for it (a
        // busy machine can run this check between the two), for at most 5 s.
        const focused = await opener
          .evaluate((button) => button === document.activeElement)
          .then(async (now) => {
            if (now) return true;
            return page
              .waitForFunction(
                (button) => button === document.activeElement,
                await opener.elementHandle(),
                { timeout: 5_000 },
              )
              .then(
                () => true,
                () => false,
              );
          });
        if (!focused) focusLost.push(`${tab}: ${label}`);
      }
    }
    expect(found).toEqual({});
    expect(focusLost, 'dialogs that did not give focus back to their opener').toEqual([]);
  });

  for (const width of [1280, 375]) {
    it(`find nothing in the Analytics tab's custom period form at ${width} px`, async () => {
      const page = await newPage(width);
      await signIn(page);
      const found: Record<string, string[]> = {};
      await openSection(page, 'Analytics');
      await page.getByRole('combobox', { name: 'Period' }).click();
      await page.getByRole('option', { name: 'Custom range' }).click();
      await page.getByLabel('From (UTC)').fill('2026-01-10');
      await page.getByLabel('To (UTC)').fill('2026-01-01');
      await page.getByRole('button', { name: 'Show period' }).click();
      await page.getByRole('alert').filter({ hasText: 'from must not be after to' }).waitFor();
      await settled(page);
      await check(page, 'Analytics: custom period', found);
      expect(found).toEqual({});
    });
  }

  for (const width of [1280, 375]) {
    it(`find nothing in the post editor and its schedule dialog at ${width} px`, async () => {
      const page = await newPage(width);
      await signIn(page);
      // A post of this test's own, made through the API as the signed-in Owner.
      const created = await page.request.post('/api/admin/posts', {
        headers: { origin: new URL(stack.adminUrl!).origin },
        data: {
          title: `Accessible editing at ${width} pixels`,
          excerpt: 'What the editor offers to staff who use a keyboard or a screen reader.',
          category: 'Guides',
          tags: ['Accessibility'],
          author: 'Maya Okafor',
          content: '## Headings\n\nA [link to pricing](/pricing).\n\n- one\n- two\n',
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const { id } = (await created.json()) as { id: number };
      const found: Record<string, string[]> = {};
      await page.goto(`/admin/posts/${id}`);
      await page.getByTestId('post-preview').getByRole('heading', { name: 'Headings' }).waitFor();
      await page
        .getByRole('list', { name: 'Revisions' })
        .or(page.getByText('No revisions yet'))
        .first()
        .waitFor();
      await settled(page);
      await check(page, 'Post editor', found);
      await page.getByRole('button', { name: 'Schedule', exact: true }).click();
      await page.getByRole('dialog', { name: 'Schedule the post' }).waitFor();
      await settled(page);
      await check(page, 'Post editor: schedule', found);
      expect(found).toEqual({});
    });
  }

  it('names the row and resend buttons after the text they show', async () => {
    const page = await newPage(1280);
    await signIn(page);
    const remind = page
      .getByRole('row')
      .filter({ hasText: 'ada@example.com' })
      .getByRole('button', {
        name: 'Resend confirmation to Ada Lovelace',
        exact: true,
      });
    expect((await remind.innerText()).trim()).toBe('Resend confirmation');
    await openSection(page, 'Beta');
    const resend = page.getByRole('button', { name: 'Resend invite to Alan Turing', exact: true });
    expect((await resend.innerText()).trim()).toBe('Resend invite');
  });
});

describe('prefers-reduced-motion', () => {
  async function tabTransition(reducedMotion: boolean): Promise<number> {
    const page = await newPage(1280, reducedMotion);
    await signIn(page);
    return page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Waitlist', exact: true })
      .evaluate((tab) =>
        Math.max(...getComputedStyle(tab).transitionDuration.split(',').map(parseFloat)),
      );
  }

  it('ends transitions at once when staff ask for less motion', async () => {
    expect(await tabTransition(false)).toBeGreaterThan(0.1);
    expect(await tabTransition(true)).toBeLessThan(0.001);
  });
});
