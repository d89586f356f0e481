/**
 * Issue 12, across the site and the console: the beta survey saves each step and
 * is resumed after leaving, the console shows where people stopped and what they
 * answered, and a browser signed in to the console is left out of the site's
 * analytics until its staff member undoes it. Drives both built apps.
 */
import { ensureBuilt, launchBrowser, type Stack, startStack, surveyStepSettled } from '@repo/e2e';
import { ANALYTICS_STARTED_MARK, BETA_FEEDBACK_STEPS } from '@repo/validation';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_TIMEOUT_MS, NAVIGATION_TIMEOUT_MS } from './browser-session';
import { countRows, registerFirstAdmin, type StaffAccount } from './seed';

const SETUP_TOKEN = 'insight-e2e-setup-token-0123456789';
const ADMIN: StaffAccount = {
  name: 'Ada Admin',
  email: 'ada@wordloom.test',
  username: 'ada',
  password: 'correct-horse-battery',
};
/**
 * A desktop browser's: the API keeps no survey progress and stores no analytics
 * from clients that look like bots, and headless Chromium says it is headless.
 */
const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
/** expect.poll gives up after 1 s by default: too short on a busy machine. */
const POLL = { timeout: 20_000 };

let stack: Stack;
let browser: Browser;
const contexts: BrowserContext[] = [];
const errors: string[] = [];

beforeAll(async () => {
  // The console's suite builds the console; this file needs the site too.
  ensureBuilt('marketing');
  [stack, browser] = await Promise.all([
    startStack({
      marketing: true,
      admin: true,
      apiEnv: { ADMIN_SETUP_TOKEN: SETUP_TOKEN, ADMIN_EMAIL_DOMAINS: 'wordloom.test' },
    }),
    // The browser's own agent too: the beacon a leaving page sends carries that one.
    launchBrowser({ userAgent: DESKTOP_CHROME }),
  ]);
  await registerFirstAdmin(stack.apiUrl, stack.adminUrl!, ADMIN, SETUP_TOKEN);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
  expect(errors.splice(0), 'console errors in the browser').toEqual([]);
});

/** A browser context of its own; any console error or uncaught exception fails the test. */
async function newContext(): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    userAgent: DESKTOP_CHROME,
  });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
  context.on('page', (page) => {
    page.on('console', (message) => {
      // The session check answers 401 before signing in (spec section 6).
      if (message.type() === 'error' && !message.text().includes('status of 401')) {
        errors.push(`${page.url()}: ${message.text()}`);
      }
    });
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  });
  contexts.push(context);
  return context;
}

/** Signs the admin in inside `context` (the session cookie lands there only). */
async function signInTo(context: BrowserContext): Promise<void> {
  const response = await context.request.post(`${stack.adminUrl}/api/login`, {
    data: { username: ADMIN.username, password: ADMIN.password },
  });
  expect(response.status()).toBe(200);
}

async function openSite(context: BrowserContext, path: string): Promise<Page> {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${stack.marketingUrl}${path}`);
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  return page;
}

// --- the survey -------------------------------------------------------------------

const TEXT_ANSWERS: Record<string, string> = {
  email: 'tester@example.com',
  firstName: 'Grace',
  lastName: 'Hopper',
  primaryRole: 'Content lead',
  initialImpressions: 'Fast setup, and the drafts read clearly.',
  improvementSuggestions: 'A calendar export for the editorial plan.',
};

/** Answers every field of a step, and waits until each answer shows. */
async function answerStep(page: Page, stepIndex: number): Promise<void> {
  const dialog = page.getByRole('dialog');
  for (const field of BETA_FEEDBACK_STEPS[stepIndex]!.fields) {
    const input = dialog.locator(`#survey-${field}`);
    if ((await input.count()) > 0) {
      const value = TEXT_ANSWERS[field];
      if (!value) continue;
      await input.fill(value);
      await expect.poll(() => input.inputValue(), POLL).toBe(value);
    } else {
      const option =
        field === 'recommendationLikelihood'
          ? dialog.locator('#survey-recommendationLikelihood-very_likely')
          : dialog.locator(`[aria-labelledby="survey-${field}-label"] [role="radio"]`).nth(3);
      await option.click();
      await option.and(page.locator('[aria-checked="true"]')).waitFor();
    }
  }
}

/** Answers the current step, presses Next and waits for the save of the step it moves to. */
async function nextStep(page: Page, stepIndex: number): Promise<void> {
  const dialog = page.getByRole('dialog');
  await answerStep(page, stepIndex);
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/beta-feedback/progress') &&
      response.request().method() === 'PUT' &&
      (response.request().postDataJSON() as { step: number }).step === stepIndex + 2,
  );
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByText(`Step ${stepIndex + 2} of 9`).waitFor();
  expect((await saved).status()).toBe(200);
  await surveyStepSettled(page);
}

describe('the beta survey, saved step by step', () => {
  it('is restored after leaving, completed, and the console shows the drop-off and results', async () => {
    const visitor = await newContext();
    let page = await openSite(visitor, '/beta-feedback');
    let dialog = page.getByRole('dialog', { name: 'Wordloom Beta Feedback' });
    await dialog.getByText('Step 1 of 9').waitFor();
    await nextStep(page, 0);
    await nextStep(page, 1);

    // Leaving: another page, then the browser closes the tab altogether.
    await openSite(visitor, '/');
    await page.close();
    page = await openSite(visitor, '/beta-feedback');
    dialog = page.getByRole('dialog', { name: 'Wordloom Beta Feedback' });
    await dialog.getByText('Step 3 of 9').waitFor();
    await dialog.getByText(/^Welcome back: your earlier answers are restored\./).waitFor();
    await dialog.getByRole('button', { name: 'Previous' }).click();
    await dialog.getByText('Step 2 of 9').waitFor();
    expect(await dialog.locator('#survey-primaryRole').inputValue()).toBe('Content lead');
    expect(
      await dialog.locator('#survey-aiExperienceLevel-expert').getAttribute('aria-checked'),
    ).toBe('true');
    await dialog.getByRole('button', { name: 'Previous' }).click();
    await dialog.getByText('Step 1 of 9').waitFor();
    expect(await dialog.locator('#survey-email').inputValue()).toBe('tester@example.com');

    for (let index = 0; index < 8; index++) await nextStep(page, index);
    await answerStep(page, 8);
    await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
    await page.getByRole('heading', { name: 'Thank you for your feedback!' }).waitFor();
    // A new visit starts a new survey.
    expect(await page.evaluate(() => localStorage.getItem('wordloom.survey.key'))).toBeNull();

    // A second tester stops after the first step.
    const quitter = await newContext();
    const other = await openSite(quitter, '/beta-feedback');
    await other.getByRole('dialog').getByText('Step 1 of 9').waitFor();
    await nextStep(other, 0);

    const staff = await newContext();
    await signInTo(staff);
    const consolePage = await staff.newPage();
    await consolePage.goto(`${stack.adminUrl}/admin/survey`);
    const funnel = consolePage.getByRole('table', { name: 'Surveys that reached each step' });
    await funnel.waitFor();
    const cells = async (title: string) =>
      funnel.getByRole('row').filter({ hasText: title }).getByRole('cell').allInnerTexts();
    expect(await cells('1. Personal Information')).toEqual([
      '1. Personal Information',
      '2',
      '100%',
      '0',
      '0',
    ]);
    expect(await cells('2. Demographics')).toEqual(['2. Demographics', '2', '100%', '1', '1']);
    expect(await cells('3. Initial Impressions')).toEqual([
      '3. Initial Impressions',
      '1',
      '50%',
      '0',
      '0',
    ]);
    expect((await cells('Submitted'))[1]).toBe('1');
    await consolePage.getByText('+100').waitFor();
    const written = consolePage.getByRole('table', { name: 'Written answers' });
    await written.getByText('A calendar export for the editorial plan.').waitFor();
    await consolePage.getByLabel('Search answers').fill('drafts read');
    await expect
      .poll(() => written.getByRole('row').count(), POLL)
      // The header and the one matching answer.
      .toBe(2);
    await written.getByText('Fast setup, and the drafts read clearly.').waitFor();
  });
});

// --- staff exclusion --------------------------------------------------------------

/**
 * A visit to the site: the page loads, its tracker starts (when the browser is
 * next idle, within 2 s: waited for, or a visit that sends nothing proves
 * nothing), and the visitor leaves, which hands the page view to sendBeacon.
 * (Playwright does not see a beacon sent while its page unloads, so what
 * arrived is read where it lands: the API's table.)
 */
async function visitSite(context: BrowserContext, path: string): Promise<void> {
  const page = await openSite(context, path);
  await page.waitForFunction(
    (mark) => performance.getEntriesByName(mark).length > 0,
    ANALYTICS_STARTED_MARK,
  );
  await page.goto('about:blank');
}

describe('staff kept out of the site analytics', () => {
  it('marks the browser at sign-in, so the site sends nothing from it, until it is undone', async () => {
    const context = await newContext();
    const storedOn = (path: string) =>
      countRows(
        stack,
        `select 1 from analytics_events
          where data->>'userAgent' = '${DESKTOP_CHROME}' and path = '${path}'`,
      );

    // Before: this browser is counted like any visitor's.
    await visitSite(context, '/features');
    await expect.poll(() => storedOn('/features'), POLL).toBeGreaterThan(0);

    await signInTo(context);
    const consolePage = await context.newPage();
    await consolePage.goto(`${stack.adminUrl}/admin/analytics`);
    await consolePage.getByText(/^This browser is excluded from the site’s analytics/).waitFor();
    expect(
      await consolePage.locator('iframe[title="Site analytics opt-out"]').getAttribute('src'),
    ).toBe(`${stack.marketingUrl}/analytics-opt-out?action=exclude`);

    // After: a visit sends nothing (the frame itself was never counted either).
    await visitSite(context, '/contact');

    // Undone from the console: counted again, and it stays so on the next sign-in.
    await consolePage.getByRole('button', { name: 'Count this browser again' }).click();
    await consolePage
      .getByText('This browser is counted in the site’s analytics, like a visitor’s.')
      .waitFor();
    await visitSite(context, '/blog');
    await expect.poll(() => storedOn('/blog'), POLL).toBeGreaterThan(0);
    // The excluded visit came first, from the same browser: had it sent anything, that
    // would have landed by now.
    expect(storedOn('/contact')).toBe(0);
    expect(storedOn('/analytics-opt-out')).toBe(0);
    await consolePage.reload();
    await consolePage
      .getByText('This browser is counted in the site’s analytics, like a visitor’s.')
      .waitFor();
  });
});
