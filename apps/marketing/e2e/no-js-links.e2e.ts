/**
 * Issue 22: the pages behind the links mailed with a token, with JavaScript turned
 * off: the waitlist confirmation (its button is a form posting the token to the
 * page's action), the status page (the place read by the loader), the beta
 * invitation's acceptance, and the unsubscribe page the API serves. Opening a link
 * changes nothing (mail scanners open links); the stored rows change with the POST;
 * replayed links say what the API says; no page is cached or leaks its token in a
 * Referer. Each test owns its people and links.
 */
import { createHmac } from 'node:crypto';
import { axeViolations, LARGE_BODY_BYTES, postLargeBody } from '@repo/e2e';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { inviteToBeta, signInStaff } from './beta-invitation';
import { databaseRows, joinWaitlist, setUpHarness, sqlQuote } from './harness';

const SETUP_TOKEN = 'e2e-no-js-links-setup-token-0123456789';
const UNSUBSCRIBE_SECRET = 'e2e-no-js-links-unsubscribe-secret-0123456789';
const { harness, openPage } = setUpHarness({
  apiEnv: { ADMIN_SETUP_TOKEN: SETUP_TOKEN, UNSUBSCRIBE_SECRET },
});

let staffSession: Promise<Awaited<ReturnType<typeof signInStaff>>> | undefined;
/** The run's one console account (the setup token makes one), signed in once. */
function staff() {
  staffSession ??= signInStaff(harness.stack, SETUP_TOKEN);
  return staffSession;
}

let people = 0;
/** A new address for one test's person. */
function newEmail(name: string): string {
  people += 1;
  return `${name}-${Date.now()}-${people}@example.com`;
}

/** Rows of this run's database, as JSON. */
const rows = <T>(sql: string): T[] => databaseRows<T>(harness.stack.databaseUrl, sql);

function entryOf(email: string) {
  const [entry] = rows<{ confirmed_at: string | null; confirmation_token_hash: string | null }>(
    `select confirmed_at, confirmation_token_hash from waitlist_entries where email = ${sqlQuote(email)}`,
  );
  expect(entry, `waitlist entry ${email}`).toBeDefined();
  return entry!;
}

function participantOf(email: string) {
  const [participant] = rows<{ status: string; accepted_at: string | null }>(
    `select status, accepted_at from beta_participants where email = ${sqlQuote(email)}`,
  );
  expect(participant, `participant ${email}`).toBeDefined();
  return participant!;
}

/**
 * axe on a page without JavaScript. axe.run never finishes in a page whose scripts are
 * off (its timers never fire), so it runs on a copy: the same document (scripts taken
 * out, so nothing hydrates) served at the same address to a context with JavaScript,
 * where the page's stylesheet, images and fonts load as they did.
 */
async function expectNoAxeViolations(page: Page, label: string) {
  const url = page.url();
  const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '');
  const context = await harness.browser.newContext({
    viewport: page.viewportSize() ?? { width: 1280, height: 900 },
    bypassCSP: true,
  });
  try {
    const copy = await context.newPage();
    await copy.route(
      (address) => address.href === url,
      (route) =>
        route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }),
    );
    await copy.goto(url, { waitUntil: 'load' });
    const found = (await axeViolations(copy)).map((v) => `${v.id}: ${v.nodes.join(' | ')}`);
    expect(found, `axe on ${label}`).toEqual([]);
  } finally {
    await context.close();
  }
}

/** A page as a browser with JavaScript turned off sees it (axe may be evaluated in it). */
function openWithoutJs(path: string, options: { allowStatus?: number; width?: number } = {}) {
  return openPage(path, { javaScript: false, bypassCSP: true, ...options });
}

/** The path and query of a mailed link, on this run's site. */
const pathOf = (link: URL) => `${link.pathname}${link.search}`;

/** Proves the page has no script running: Remix's scripts never hydrated it. */
async function expectNoHydration(page: Page) {
  expect(await page.locator('html[data-hydrated]').count()).toBe(0);
}

/**
 * Every request the page makes from now on, with its Referer: none may name the
 * link's token (the pages' referrer policy is strict-origin: the origin alone).
 */
function referersOf(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const referer = request.headers()['referer'];
    if (referer) seen.push(`${request.url()} <- ${referer}`);
  });
  return seen;
}

/**
 * Two GETs of the address from the same anonymous visitor: the second is never a page
 * cache hit, and neither may be kept by a shared cache.
 */
async function expectNeverCached(path: string) {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const response = await fetch(`${harness.baseUrl}${path}`);
    await response.arrayBuffer();
    expect(response.headers.get('cache-control'), path).toBe('no-store');
    expect(response.headers.get('x-cache'), path).not.toBe('HIT');
  }
}

describe('the waitlist confirmation link without JavaScript (issue 22)', () => {
  it('opening it confirms nothing; the button posts, confirms and shows the place; a replay says what the API says', async () => {
    const email = newEmail('confirm');
    await joinWaitlist(harness.stack.apiUrl, { email, firstName: 'Ada', lastName: 'Lovelace' });
    const link = await harness.stack.mailbox.linkMailedTo(email, '/waitlist/confirm');
    const token = link.searchParams.get('token')!;

    // The page, as a mail scanner or a person opens it: nothing is confirmed by a GET.
    await expectNeverCached(pathOf(link));
    const page = await openWithoutJs(pathOf(link));
    const referers = referersOf(page);
    await page.getByRole('heading', { name: 'Confirm your place' }).waitFor();
    await expectNoHydration(page);
    expect(entryOf(email).confirmed_at).toBeNull();
    const form = page.locator('form', {
      has: page.getByRole('button', { name: 'Confirm my email address' }),
    });
    expect(await form.getAttribute('method')).toBe('post');
    expect(await form.getAttribute('action')).toBe('/waitlist/confirm');
    expect(await form.locator('input[type="hidden"][name="token"]').inputValue()).toBe(token);
    await expectNoAxeViolations(page, 'the confirmation page');

    // The button posts the form: the page's action confirms through the API.
    await page.getByRole('button', { name: 'Confirm my email address' }).click();
    await page.getByRole('heading', { name: "You're confirmed!" }).waitFor();
    expect(await page.getByTestId('queue-position').textContent()).toMatch(/^#\d+$/);
    expect(await page.getByLabel('Your referral link').inputValue()).toMatch(
      /\/beta\?ref=[A-Z0-9]+$/,
    );
    // The answer's address carries no token, and no request named it in a Referer.
    expect(new URL(page.url()).search).toBe('');
    expect(referers.filter((line) => line.includes(token))).toEqual([]);
    const entry = entryOf(email);
    expect(entry.confirmed_at).not.toBeNull();
    expect(entry.confirmation_token_hash).toBeNull();
    await expectNoAxeViolations(page, 'the confirmed page');

    // The same link again: the API refuses it (404), and the page says so.
    const replay = await openWithoutJs(pathOf(link), { allowStatus: 404 });
    const answer = replay.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/confirm'),
    );
    await replay.getByRole('button', { name: 'Confirm my email address' }).click();
    expect((await answer).status()).toBe(404);
    await replay.getByText('This confirmation link is invalid or has already been used.').waitFor();
    await replay
      .getByText(
        'Already confirmed? The confirmation email also has a link to your place in the queue.',
      )
      .waitFor();
    // Still there for another try, with the token.
    await replay.getByRole('button', { name: 'Confirm my email address' }).waitFor();
    expect(await replay.locator('input[name="token"]').inputValue()).toBe(token);
    expect(entryOf(email).confirmed_at).toBe(entry.confirmed_at);
    await expectNoAxeViolations(replay, 'the refused confirmation');
  });

  it('refuses a malformed post (400) and an oversized one (413) with a page, never a 500', async () => {
    const malformed = await fetch(`${harness.baseUrl}/waitlist/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'token=%22%3E%3Cscript%3E',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.headers.get('cache-control')).toBe('no-store');
    const html = await malformed.text();
    expect(html).toContain('This link is invalid or incomplete.');
    expect(html).not.toContain('"><script>');

    const garbage = await fetch(`${harness.baseUrl}/beta/accept`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'not a form',
    });
    expect(garbage.status).toBe(400);
    expect(await garbage.text()).toContain('This invitation link is invalid');

    // Refused unread (the action's unit tests cover a chunked body).
    const large = await postLargeBody(`${harness.baseUrl}/beta/accept`, {
      bytes: LARGE_BODY_BYTES,
      chunked: false,
    });
    expect(large.status).toBe(413);
    expect(large.sentBeforeAnswer).toBeLessThan(LARGE_BODY_BYTES);
  });
});

describe('the waitlist status link without JavaScript (issue 22)', () => {
  it('renders the place on the server, is never cached, and keeps its token out of referrers', async () => {
    const email = newEmail('status');
    await joinWaitlist(harness.stack.apiUrl, { email, firstName: 'Grace', lastName: 'Hopper' });
    const link = await harness.stack.mailbox.linkMailedTo(email, '/waitlist/status');
    const token = link.searchParams.get('token')!;

    await expectNeverCached(pathOf(link));
    const page = await openWithoutJs(pathOf(link));
    const referers = referersOf(page);
    await expectNoHydration(page);
    // Not confirmed yet: the card says so, with the referral link.
    await page
      .getByText(
        'Your address is not confirmed yet: open the confirmation link we emailed you to take your place in the queue.',
      )
      .waitFor();
    expect(await page.getByTestId('referral-count').textContent()).toContain(
      '0 friends joined through your link',
    );
    expect(await page.getByLabel('Your referral link').inputValue()).toMatch(/\/beta\?ref=/);
    await expectNoAxeViolations(page, 'the status page');

    // Following a link from the page (a real navigation without JavaScript) names the
    // site's origin alone, in the Referer and in the next page's document.referrer.
    expect(await page.locator('meta[name="referrer"]').getAttribute('content')).toBe(
      'strict-origin',
    );
    await page.getByRole('link', { name: 'Blog' }).first().click();
    await page.waitForURL(/\/blog/);
    expect(referers.filter((line) => line.includes(token))).toEqual([]);
    expect(referers.some((line) => line.includes('/blog <- '))).toBe(true);
    expect(await page.evaluate(() => document.referrer)).toBe(`${harness.baseUrl}/`);

    // Once confirmed, the same link shows the place in the queue.
    const confirm = await harness.stack.mailbox.linkMailedTo(email, '/waitlist/confirm');
    const confirmed = await fetch(`${harness.stack.apiUrl}/api/waitlist/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: confirm.searchParams.get('token') }),
    });
    expect(confirmed.status).toBe(200);
    const after = await openWithoutJs(pathOf(link));
    expect(await after.getByTestId('queue-position').textContent()).toMatch(/^#\d+$/);
  });

  it('says so when the link has been tampered with (404) or has no token', async () => {
    const forged = await openWithoutJs(
      '/waitlist/status?token=00000000-0000-4000-8000-000000000000.forged',
      { allowStatus: 404 },
    );
    await forged.getByText('This link is invalid.').waitFor();
    await expectNoAxeViolations(forged, 'a forged status link');

    const bare = await openWithoutJs('/waitlist/status');
    await bare.getByText('This link is invalid or incomplete.').waitFor();
  });
});

describe('the beta invitation link without JavaScript (issue 22)', () => {
  it('opening it accepts nothing; the button accepts and welcomes; a replay is refused', async () => {
    const email = newEmail('accept');
    await inviteToBeta(harness.stack, await staff(), {
      email,
      firstName: 'Katherine',
      lastName: 'Johnson',
    });
    const link = await harness.stack.mailbox.linkMailedTo(email, '/beta/accept');
    const token = link.searchParams.get('token')!;

    await expectNeverCached(pathOf(link));
    const page = await openWithoutJs(pathOf(link));
    const referers = referersOf(page);
    await page.getByRole('heading', { name: 'Accept your beta invitation' }).waitFor();
    await expectNoHydration(page);
    expect(participantOf(email)).toMatchObject({ status: 'invited', accepted_at: null });
    expect(await page.locator('form input[name="token"]').inputValue()).toBe(token);
    await expectNoAxeViolations(page, 'the invitation page');

    await page.getByRole('button', { name: 'Accept my invitation' }).click();
    await page.getByRole('heading', { name: 'Welcome to the beta, Katherine!' }).waitFor();
    await page.getByRole('link', { name: 'Open the feedback survey' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(referers.filter((line) => line.includes(token))).toEqual([]);
    const participant = participantOf(email);
    expect(participant.status).toBe('active');
    expect(participant.accepted_at).not.toBeNull();
    await expectNoAxeViolations(page, 'the welcome');

    // The same link again: the API says it no longer works (404), and the page says so.
    const replay = await openWithoutJs(pathOf(link), { allowStatus: 404 });
    await replay.getByRole('button', { name: 'Accept my invitation' }).click();
    await replay.getByRole('heading', { name: 'This link has already been used' }).waitFor();
    await replay.getByText(/This invitation link no longer works/).waitFor();
    expect(participantOf(email).accepted_at).toBe(participant.accepted_at);
    await expectNoAxeViolations(replay, 'the used link');
  });

  it('shows an address without a token as an invalid link, with no button', async () => {
    const page = await openWithoutJs('/beta/accept');
    await page.getByRole('heading', { name: 'This invitation link is invalid' }).waitFor();
    expect(await page.getByRole('button', { name: 'Accept my invitation' }).count()).toBe(0);
    await expectNoAxeViolations(page, 'an invalid invitation link');
  });
});

describe('the unsubscribe link without JavaScript (issue 22)', () => {
  /** The link of a bulk email (apps/api/src/email/unsubscribe-token.ts), on `origin`. */
  function unsubscribePath(email: string): string {
    const token = createHmac('sha256', UNSUBSCRIBE_SECRET)
      .update(`unsubscribe:v1:${email.toLowerCase()}`)
      .digest('base64url');
    return `/api/email/unsubscribe?${new URLSearchParams({ email, token }).toString()}`;
  }

  function suppressionsOf(email: string) {
    return rows<{ stream: string; reason: string }>(
      `select stream, reason from email_suppressions where email = ${sqlQuote(email)}`,
    );
  }

  it.each([
    ['through the site /api proxy', 'site'],
    ['on the API own address', 'api'],
  ])('asks first, then unsubscribes with the form %s', async (_where, origin) => {
    const email = newEmail(`unsubscribe-${origin}`);
    const path = unsubscribePath(email);
    // Chromium asks the page's origin for /favicon.ico, which neither server has (404).
    const page = await openWithoutJs('/beta/accept', { allowStatus: 404 });
    const base = origin === 'site' ? harness.baseUrl : harness.stack.apiUrl;
    await page.goto(`${base}${path}`);
    await page.getByRole('heading', { name: 'Unsubscribe from Wordloom emails?' }).waitFor();
    expect(suppressionsOf(email)).toEqual([]);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('heading', { name: "You're unsubscribed" }).waitFor();
    expect(new URL(page.url()).origin).toBe(new URL(base).origin);
    expect(suppressionsOf(email)).toEqual([{ stream: 'broadcast', reason: 'unsubscribed' }]);
    await expectNoAxeViolations(page, `the unsubscribed page (${origin})`);
  });
});
