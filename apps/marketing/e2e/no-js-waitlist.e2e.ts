/**
 * Issue 22: the waitlist signup, the site's main call to action, with JavaScript
 * turned off. /beta shows the wizard's seven questions as one page of labelled
 * native fields; the form posts to /beta's action, which checks it with the shared
 * schema and signs up through the API as the visitor. Each test owns its data.
 */
import { axeViolations, LARGE_BODY_BYTES, postLargeBody } from '@repo/e2e';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseRows, joinWaitlist, setUpHarness, sqlQuote } from './harness';

const SETUP_TOKEN = 'e2e-no-js-waitlist-setup-token-0123456789';
const { harness, openPage } = setUpHarness({ apiEnv: { ADMIN_SETUP_TOKEN: SETUP_TOKEN } });

// A person's browser, not a headless one: the API keeps no analytics events from bots.
const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let staffCookie = '';
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const response = await fetch(`${harness.stack.apiUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'no-js-admin',
      email: 'no-js-admin@wordloom.test',
      name: 'No JS Admin',
      password: 'a long and unusual passphrase',
      setupToken: SETUP_TOKEN,
    }),
  });
  if (response.status !== 201) throw new Error(`register: ${response.status}`);
  staffCookie = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .join('; ');
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

/** Rows of this run's database, as JSON. */
const rows = <T>(sql: string): T[] => databaseRows<T>(harness.stack.databaseUrl, sql);

/**
 * axe on what a browser without JavaScript shows: axe itself needs script (timers), so
 * the page's markup, without its scripts, is checked in a context that runs them.
 */
async function axeOnPage(page: Page) {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, '');
  const context = await harness.browser.newContext({
    viewport: page.viewportSize() ?? { width: 1280, height: 900 },
    bypassCSP: true,
  });
  contexts.push(context);
  const copy = await context.newPage();
  const address = `${harness.baseUrl}/__axe-copy`;
  await copy.route(address, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: html }),
  );
  await copy.goto(address);
  return axeViolations(copy);
}

interface EntryRow {
  id: string;
  email: string;
  first_name: string;
  company_name: string;
  primary_use: string;
  user_type: string | null;
  content_workflow: string | null;
  landing_page: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  referral_code: string;
  referred_by_id: string | null;
  pending_invite_code_id: string | null;
}

const entriesOf = (email: string) =>
  rows<EntryRow>(`select * from waitlist_entries where lower(email) = lower(${sqlQuote(email)})`);

/** A new invite code made by staff at the API, as the console would. */
async function createInviteCode(): Promise<string> {
  const response = await fetch(`${harness.stack.apiUrl}/api/admin/invite-codes`, {
    method: 'POST',
    headers: {
      cookie: staffCookie,
      origin: new URL(harness.stack.publicUrls.admin).origin,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ note: 'no-js e2e', maxRedemptions: 5 }),
  });
  if (response.status !== 201) throw new Error(`invite code: ${response.status}`);
  return ((await response.json()) as { code: string }).code;
}

/** /beta without JavaScript in a context of its own, as a person's desktop browser. */
async function openAsPerson(path: string): Promise<Page> {
  const context = await harness.browser.newContext({
    viewport: { width: 1280, height: 900 },
    javaScriptEnabled: false,
    bypassCSP: true,
    userAgent: DESKTOP_CHROME,
  });
  contexts.push(context);
  context.setDefaultTimeout(20_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = await context.newPage();
  await page.goto(`${harness.baseUrl}${path}`);
  return page;
}

/** The one-page form of /beta's "Join the waitlist" section. */
const joinForm = (page: Page) => page.locator('#join form');

async function fillRequired(page: Page, email: string) {
  const form = joinForm(page);
  await form.getByLabel('What is your work email?').fill(email);
  await form.getByLabel('What is your first name?').fill('Ada');
  await form.getByLabel('And your last name?').fill('Lovelace');
  await form.getByLabel('Which company do you work for?').fill('Analytical Engines');
  await form.getByLabel('What will you mainly use Wordloom for?').selectOption('Blog Writing');
}

/** Submits the form and answers the status of the page the action sent back. */
async function submit(page: Page): Promise<number> {
  const [response] = await Promise.all([
    page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && new URL(response.url()).pathname === '/beta',
    ),
    joinForm(page).getByRole('button', { name: 'Submit' }).click(),
  ]);
  await page.waitForLoadState('load');
  return response.status();
}

describe('the waitlist signup without JavaScript (issue 22)', () => {
  it('shows the seven questions as one page of labelled native fields, and passes axe', async () => {
    const page = await openPage('/beta', { javaScript: false, bypassCSP: true });
    const form = joinForm(page);
    expect(await form.getAttribute('method')).toBe('post');
    for (const label of [
      'What is your work email?',
      'What is your first name?',
      'And your last name?',
      'Which company do you work for?',
      'How do you create content today?',
      'What will you mainly use Wordloom for?',
      'Invite code (optional)',
    ]) {
      expect(await form.getByLabel(label).count(), label).toBe(1);
    }
    // A native radio group with its question as the legend, and a native select.
    const group = form.getByRole('group', { name: 'Which best describes you?' });
    expect(await group.getByRole('radio').count()).toBe(3);
    expect(
      await form
        .getByLabel('What will you mainly use Wordloom for?')
        .evaluate((element) => element.tagName),
    ).toBe('SELECT');
    // The honeypot still goes along.
    expect(await form.locator('input[name="website"]').count()).toBe(1);
    // 'Apply for Beta Access' leads to the form when no script can open the overlay.
    for (const link of await page.getByRole('link', { name: 'Apply for Beta Access' }).all()) {
      expect(await link.getAttribute('href')).toBe('#join');
    }
    expect(await axeOnPage(page)).toEqual([]);
  });

  it('leads every other call to action to /beta with a real link, which works without a script', async () => {
    const home = await openPage('/', { javaScript: false });
    const hero = home.getByRole('link', { name: 'Join Beta Waitlist' }).first();
    expect(await hero.getAttribute('href')).toBe('/beta');
    const pricing = await openPage('/pricing', { javaScript: false });
    expect(await pricing.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe(
      '/beta',
    );
  });

  it('sends the form back with an error summary, the messages beside the fields and the values typed, storing nothing', async () => {
    const page = await openPage('/beta', { javaScript: false, bypassCSP: true, allowStatus: 400 });
    const form = joinForm(page);
    await form.getByLabel('What is your work email?').fill('ada.no-js@');
    await form.getByLabel('What is your first name?').fill('Ada');
    await form.getByRole('radio', { name: 'Agency' }).check();
    await form.getByLabel('How do you create content today?').fill('Docs, then WordPress.');
    expect(await submit(page)).toBe(400);

    const summary = page.getByTestId('error-summary');
    await summary.getByRole('heading', { name: 'There is a problem' }).waitFor();
    const links = summary.getByRole('link');
    expect(await links.allTextContents()).toEqual([
      'Please enter a valid email address',
      'Last name is required',
      'Company name is required',
      'Please select a primary use case',
    ]);
    expect(await links.first().getAttribute('href')).toBe('#waitlist-inline-email');
    // The toast's words (spec section 8) are on the page.
    await page.getByText('Please check your information').waitFor();

    const email = page.locator('#waitlist-inline-email');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await email.inputValue()).toBe('ada.no-js@');
    const described = (await email.getAttribute('aria-describedby'))?.split(' ') ?? [];
    expect(described).toContain('waitlist-inline-email-error');
    expect(await page.locator('#waitlist-inline-email-error').textContent()).toBe(
      'Please enter a valid email address',
    );
    expect(await form.getByLabel('What is your first name?').inputValue()).toBe('Ada');
    expect(await form.getByRole('radio', { name: 'Agency' }).isChecked()).toBe(true);
    expect(await form.getByLabel('How do you create content today?').inputValue()).toBe(
      'Docs, then WordPress.',
    );
    expect(await page.locator('#waitlist-inline-lastName').getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(entriesOf('ada.no-js@')).toEqual([]);
    expect(await axeOnPage(page)).toEqual([]);
  });

  it('signs up with the referral code, the invite code and the UTM first touch of the address, and records the signup event', async () => {
    const referrer = `referrer-${Date.now()}@example.com`;
    await joinWaitlist(harness.stack.apiUrl, {
      email: referrer,
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    const [referrerRow] = entriesOf(referrer);
    const invite = await createInviteCode();
    const email = `no-js-${Date.now()}@example.com`;
    const query = `?ref=${referrerRow!.referral_code.toLowerCase()}&invite=${invite}&utm_source=newsletter&utm_medium=email&utm_campaign=launch`;
    const page = await openAsPerson(`/beta${query}`);
    // The invite code of the address is in the form's field, ready to be sent.
    expect(await joinForm(page).getByLabel('Invite code (optional)').inputValue()).toBe(invite);
    await fillRequired(page, email);
    await joinForm(page).getByRole('radio', { name: 'Freelancer' }).check();
    expect(await submit(page)).toBe(200);

    await page.getByRole('heading', { name: "You're on the list!" }).waitFor();
    await page.getByText('Successfully joined the waitlist!').waitFor();
    await page.getByText("We'll reach out when Wordloom is ready for you.").waitFor();
    // Issue 19: the invite code waits for the address to be confirmed.
    await page.getByText('open it to use your invite code').waitFor();
    expect(await page.getByRole('link', { name: 'Back to Homepage' }).getAttribute('href')).toBe(
      '/',
    );

    const [row] = entriesOf(email);
    expect(row).toMatchObject({
      first_name: 'Ada',
      company_name: 'Analytical Engines',
      primary_use: 'Blog Writing',
      user_type: 'Freelancer',
      content_workflow: null,
      landing_page: `/beta${query}`,
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'launch',
      referred_by_id: referrerRow!.id,
    });
    expect(row!.pending_invite_code_id).not.toBeNull();

    // Spec section 3: the signup's events, recorded by the server for a page without script.
    const events = rows<{ type: string; data: Record<string, unknown> }>(
      `select type, data from analytics_events where type in ('waitlist_form', 'waitlist_signup') and data->>'userAgent' = ${sqlQuote(DESKTOP_CHROME)} order by type`,
    );
    expect(events.map((event) => event.type)).toEqual(['waitlist_form', 'waitlist_signup']);
    expect(events[0]!.data).toMatchObject({ success: true, no_javascript: true });
    expect(events[1]!.data).toMatchObject({
      primary_use: 'Blog Writing',
      user_type: 'Freelancer',
      userAgent: DESKTOP_CHROME,
    });
  });

  it('treats a second signup with the same address as success, with its own words', async () => {
    const email = `no-js-again-${Date.now()}@example.com`;
    await joinWaitlist(harness.stack.apiUrl, { email, firstName: 'Ada', lastName: 'Lovelace' });
    const page = await openPage('/beta', { javaScript: false, bypassCSP: true });
    await fillRequired(page, email);
    expect(await submit(page)).toBe(200);
    await page.getByRole('heading', { name: "You're on the list!" }).waitFor();
    await page.getByText("You're already on our waitlist!").waitFor();
    expect(entriesOf(email)).toHaveLength(1);
    expect(await axeOnPage(page)).toEqual([]);
  });

  it('tells a refused invite code beside its field, keeping the answers', async () => {
    const page = await openPage('/beta?invite=NOSUCHCODE', {
      javaScript: false,
      bypassCSP: true,
      allowStatus: 400,
    });
    const email = `no-js-refused-${Date.now()}@example.com`;
    await fillRequired(page, email);
    const status = await submit(page);
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    await page.getByText('Invite code not accepted').waitFor();
    const field = page.locator('#waitlist-inline-inviteCode');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.inputValue()).toBe('NOSUCHCODE');
    expect(await joinForm(page).getByLabel('What is your work email?').inputValue()).toBe(email);
    expect(entriesOf(email)).toEqual([]);
  });

  it('keeps a bot that filled the honeypot out, answering as usual', async () => {
    const page = await openPage('/beta', { javaScript: false, bypassCSP: true });
    const email = `no-js-bot-${Date.now()}@example.com`;
    await fillRequired(page, email);
    await joinForm(page).locator('input[name="website"]').fill('https://spam.example', {
      force: true,
    });
    expect(await submit(page)).toBe(200);
    await page.getByRole('heading', { name: "You're on the list!" }).waitFor();
    expect(entriesOf(email)).toEqual([]);
  });

  it('answers a malformed post with the error summary page, never a 500', async () => {
    const posts: { body: string; headers: Record<string, string> }[] = [
      { body: 'not a form', headers: { 'content-type': 'text/plain' } },
      {
        body: 'email=%E0%A4%A&firstName',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      { body: '', headers: {} },
    ];
    for (const init of posts) {
      const response = await fetch(`${harness.baseUrl}/beta`, { method: 'POST', ...init });
      expect(response.status, init.body).toBe(400);
      const html = await response.text();
      expect(html).toContain('There is a problem');
      expect(html).toContain('Please enter a valid email address');
    }
  });

  it('refuses a body larger than the limit before reading it', async () => {
    for (const chunked of [false, true]) {
      const answer = await postLargeBody(`${harness.baseUrl}/beta`, {
        bytes: LARGE_BODY_BYTES,
        chunked,
      });
      expect(answer.status).toBe(413);
      expect(answer.sentBeforeAnswer).toBeLessThan(LARGE_BODY_BYTES);
    }
  });
});
