/**
 * Issue 13, accessibility: axe-core (WCAG 2.2 A and AA plus best practice) finds
 * nothing on any public page at desktop and phone width, with each overlay open;
 * overlays hide the page behind them and give focus back; reduced motion is honoured.
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

let stack: Stack;
let browser: Browser;
let postPath: string;
const pages: Page[] = [];
const errors: string[] = [];

const PAGES = [
  '/',
  '/features',
  '/benefits',
  '/pricing',
  '/about',
  '/blog',
  'post',
  '/beta',
  '/contact',
  '/beta-feedback',
  '/docs',
  '/helpdesk',
  '/analytics-opt-out',
  // Issue 11: where the waitlist's and the invitation's links land (without a token here).
  '/waitlist/confirm',
  '/waitlist/status',
  '/beta/accept',
  '/no-such-page',
];

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack({ marketing: true }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

afterEach(async () => {
  await Promise.all(pages.splice(0).map((page) => page.context().close()));
  expect(errors.splice(0), 'console errors in the browser').toEqual([]);
});

/** A page in its own browser context. axe is injected as an inline script, which the site's CSP rightly refuses, hence bypassCSP. */
async function newPage(width: number, reducedMotion = false): Promise<Page> {
  const context = await browser.newContext({
    baseURL: stack.marketingUrl,
    viewport: { width, height: 900 },
    bypassCSP: true,
    reducedMotion: reducedMotion ? 'reduce' : 'no-preference',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  pages.push(page);
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // The 404 page answers 404 on purpose.
    if (page.url().endsWith('/no-such-page') && message.text().includes('status of 404')) return;
    errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return page;
}

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  // React has hydrated (the root marks <html>), so buttons answer clicks.
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
}

/** Runs axe and the label-in-name check, and records what they found under `label` (all asserted at the end). */
async function check(page: Page, label: string, found: Record<string, string[]>): Promise<void> {
  const problems = [
    ...(await axeViolations(page)).map((v) => `${v.id} (${v.impact}): ${v.nodes.join(' | ')}`),
    // WCAG 2.5.3: an aria-label starts with the text the control shows.
    ...(await labelInNameMismatches(page)).map((text) => `label-in-name: ${text}`),
  ];
  if (problems.length > 0) found[label] = problems;
}

async function openDialog(page: Page, opener: string | RegExp): Promise<void> {
  await page
    .getByRole('button', { name: opener, exact: typeof opener === 'string' })
    .first()
    .click();
  await page.getByRole('dialog').waitFor();
}

async function closeDialog(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

/** In the open waitlist overlay: answers steps 1 to 6 and opens step 7's list of uses. */
async function openPrimaryUseList(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Apply for Beta Access' });
  for (const [label, answer] of [
    ['What is your work email?', 'axe.check@example.com'],
    ['What is your first name?', 'Ada'],
    ['And your last name?', 'Lovelace'],
    ['Which company do you work for?', 'Analytical Engines'],
  ] as const) {
    await dialog.getByLabel(label).fill(answer);
    await dialog.getByLabel(label).press('Enter');
  }
  await dialog.getByText('Step 5 of 7').waitFor();
  // A radio choice moves on by itself in the overlay; step 6 is optional.
  await dialog.getByRole('radio', { name: 'Freelancer' }).click();
  await dialog.getByText('Step 6 of 7').waitFor();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByText('Step 7 of 7').waitFor();
  await dialog.getByRole('combobox', { name: 'What will you mainly use Wordloom for?' }).click();
  await page.getByRole('listbox').waitFor();
}

async function blogPostPath(page: Page): Promise<string> {
  if (postPath) return postPath;
  const href = await page.locator('main a[href^="/blog/"]').first().getAttribute('href');
  expect(href).toMatch(/^\/blog\/[\w-]+$/);
  postPath = href!;
  return postPath;
}

async function auditEverything(width: number): Promise<Record<string, string[]>> {
  const page = await newPage(width);
  const found: Record<string, string[]> = {};
  for (const entry of PAGES) {
    if (entry === 'post') await visit(page, '/blog');
    const path = entry === 'post' ? await blogPostPath(page) : entry;
    await visit(page, path);
    await check(page, path, found);
    if (path === '/' && width < 768) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Mobile' }).waitFor();
      await check(page, '/ with the mobile menu open', found);
    }
    if (path === '/features') {
      await openDialog(page, /^View full screen/);
      await check(page, '/features with the image viewer open', found);
      await closeDialog(page);
    }
    if (path === '/beta') {
      await openDialog(page, 'Apply for Beta Access');
      await check(page, '/beta with the apply overlay open', found);
      await openPrimaryUseList(page);
      await check(page, '/beta with the apply overlay at step 7, its list open', found);
      // Escape closes the list first, then the overlay.
      await page.keyboard.press('Escape');
      await page.getByRole('listbox').waitFor({ state: 'detached' });
      await closeDialog(page);
    }
    if (path === '/contact') {
      await openDialog(page, 'Contact Us');
      await check(page, '/contact with the contact form open', found);
      await closeDialog(page);
    }
  }
  return found;
}

describe('axe-core, WCAG 2.2 A and AA plus best practice', () => {
  for (const width of [1280, 375]) {
    // Twenty pages and five overlay states, one after the other: longer than one action.
    it(`finds nothing on any public page or open overlay at ${width} px`, async () => {
      expect(await auditEverything(width)).toEqual({});
    }, 240_000);
  }
});

/** The names of the waitlist forms in Chromium's accessibility tree, as a screen reader gets it. */
async function exposedForms(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
    nodes: { ignored: boolean; role?: { value: string }; name?: { value: string } }[];
  };
  await cdp.detach();
  return nodes
    .filter((node) => !node.ignored && node.role?.value === 'form')
    .map((node) => node.name?.value ?? '')
    .filter((name) => ['Join the waitlist', 'Apply for beta access'].includes(name));
}

/** Whether the form's first field can be focused (not inert); leaves the focus where it was. */
function canTakeFocus(form: Element): boolean {
  const before = document.activeElement;
  const field = form.querySelector('input');
  field?.focus();
  const focused = field !== null && document.activeElement === field;
  if (before instanceof HTMLElement) before.focus();
  return focused;
}

describe('overlays', () => {
  it('on /beta, hide the inline wizard from assistive technology while open, and give it back after', async () => {
    const page = await newPage(1280);
    await visit(page, '/beta');
    const inline = page.locator('#waitlist-form-inline');
    expect(await exposedForms(page)).toEqual(['Join the waitlist']);

    await openDialog(page, 'Apply for Beta Access');
    // The page behind a modal is inert, live regions included: one form is exposed (the
    // overlay's, named apart from the page's), and the inline one's fields cannot take the focus.
    expect(await inline.evaluate(canTakeFocus)).toBe(false);
    expect(await exposedForms(page)).toEqual(['Apply for beta access']);

    await closeDialog(page);
    // Focus is back on the button that opened it, and the inline wizard works again.
    expect(
      await page
        .getByRole('button', { name: 'Apply for Beta Access' })
        .first()
        .evaluate((button) => button === document.activeElement),
    ).toBe(true);
    expect(await inline.evaluate(canTakeFocus)).toBe(true);
    expect(await exposedForms(page)).toEqual(['Join the waitlist']);
  });

  it('on /contact, underline the FAQ links so they do not rely on colour alone', async () => {
    const page = await newPage(1280);
    await visit(page, '/contact');
    for (const name of ['pricing page', 'documentation']) {
      const decoration = await page
        .getByRole('link', { name, exact: true })
        .evaluate((link) => getComputedStyle(link).textDecorationLine);
      expect(decoration).toContain('underline');
    }
  });
});

describe('prefers-reduced-motion', () => {
  /** The transition-duration of the first FAQ chevron on /beta, in seconds. */
  async function chevronTransition(reducedMotion: boolean): Promise<number> {
    const page = await newPage(1280, reducedMotion);
    await visit(page, '/beta');
    const chevron = page.locator('#faq button[aria-expanded] > svg').first();
    const seconds = await chevron.evaluate((svg) =>
      Math.max(...getComputedStyle(svg).transitionDuration.split(',').map(parseFloat)),
    );
    return seconds;
  }

  it('rotates the FAQ chevrons without animation when the visitor asks for less motion', async () => {
    expect(await chevronTransition(false)).toBeGreaterThan(0.1);
    expect(await chevronTransition(true)).toBeLessThan(0.001);
  });
});
