import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, inlineWizardReady, joinWaitlist, setUpHarness } from './harness';

const { harness, openPage } = setUpHarness();

interface SentEvent {
  type: string;
  data: Record<string, unknown>;
}

/** Collects the analytics events the page sends (and the API accepts). */
function recordAnalytics(page: Page): SentEvent[] {
  const events: SentEvent[] = [];
  page.on('response', async (response) => {
    if (!response.url().endsWith('/api/analytics/events') || response.status() !== 202) return;
    const body = response.request().postData();
    if (body) events.push(...(JSON.parse(body) as { events: SentEvent[] }).events);
  });
  return events;
}

async function answerRequiredSteps(page: Page, scope: ReturnType<Page['locator']>, email: string) {
  await scope.getByLabel('What is your work email?').fill(email);
  await scope.getByLabel('What is your work email?').press('Enter');
  await scope.getByLabel('What is your first name?').fill('Ada');
  await scope.getByLabel('What is your first name?').press('Enter');
  await scope.getByLabel('And your last name?').fill('Lovelace');
  await scope.getByLabel('And your last name?').press('Enter');
  await scope.getByLabel('Which company do you work for?').fill('Analytical Engines');
  await scope.getByLabel('Which company do you work for?').press('Enter');
  await scope.getByText('Step 5 of 7').waitFor();
}

async function choosePrimaryUse(page: Page, scope: ReturnType<Page['locator']>) {
  await scope.getByRole('combobox', { name: 'What will you mainly use Wordloom for?' }).click();
  await page.getByRole('option', { name: 'Blog Writing' }).click();
}

/**
 * A browser context of its own at 1280 px, whose console errors are collected and
 * in which the script matching `chunk` is held back until `release()`.
 */
async function pageHoldingChunk(chunk: RegExp) {
  const context = await harness.browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(chunk, async (route) => {
      await released;
      await route.continue();
    });
    return { context, page, errors, release };
  } catch (error) {
    await context.close();
    throw error;
  }
}

describe('waitlist', () => {
  it('joins the waitlist through the inline wizard and reports the funnel', async () => {
    const page = await openPage('/beta');
    await hydrated(page);
    const events = recordAnalytics(page);
    const form = await inlineWizardReady(page.locator('#waitlist-form-inline'));

    expect(await form.getByRole('button', { name: 'Back' }).isDisabled()).toBe(true);
    await form.getByLabel('What is your work email?').fill('not-an-email');
    await form.getByText('Please enter a valid email address').waitFor();
    expect(await form.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);

    await answerRequiredSteps(page, form, 'ada.inline@example.com');
    await form.getByRole('radio', { name: 'Agency' }).click();
    await form.getByRole('button', { name: 'Continue' }).click();
    await form
      .getByLabel('How do you create content today?')
      .fill('Notion briefs, Google Docs drafts, WordPress.');
    await form.getByRole('button', { name: 'Continue' }).click();
    await form.getByText('Step 7 of 7').waitFor();
    await choosePrimaryUse(page, form);
    await form.getByRole('button', { name: 'Submit' }).click();

    await page.getByRole('heading', { name: "You're on the list!" }).waitFor();
    await page.getByText('Successfully joined the waitlist!').first().waitFor();
    await page.getByText("We'll reach out when Wordloom is ready for you.").first().waitFor();
    expect(await page.getByRole('link', { name: 'Back to Homepage' }).getAttribute('href')).toBe(
      '/',
    );

    await expect
      .poll(() => events.filter((event) => event.type === 'waitlist_step_completed').length, {
        timeout: 20_000,
      })
      .toBe(7);
    const steps = events
      .filter((event) => event.type === 'waitlist_step_completed')
      .map((event) => event.data.step_number);
    expect(steps).toEqual([1, 2, 3, 4, 5, 6, 7]);
    await expect
      .poll(() => events.some((event) => event.type === 'waitlist_signup'), { timeout: 20_000 })
      .toBe(true);

    // Every navigation is a page view.
    await page.getByRole('link', { name: 'Back to Homepage' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect
      .poll(
        () =>
          events.some(
            (event) => event.type === 'page_view' && (event as { path?: string }).path === '/',
          ),
        { timeout: 20_000 },
      )
      .toBe(true);
  });

  it('goes through the inline wizard by keyboard alone: Enter moves on from the radio and select steps too', async () => {
    const page = await openPage('/beta');
    await hydrated(page);
    const signups: string[] = [];
    page.on('request', (request) => {
      // Issue 22: the wizard submits through /beta's action (a fetcher's POST to /beta.data).
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/beta.data')
        signups.push(request.url());
    });
    const form = await inlineWizardReady(page.locator('#waitlist-form-inline'));
    const isFocused = (locator: ReturnType<Page['locator']>) =>
      locator.evaluate((element) => element === document.activeElement);

    await answerRequiredSteps(page, form, 'ada.keyboard@example.com');
    // Step 5: focus is in the radio group; the arrow keys choose, Enter moves on.
    await expect.poll(() => isFocused(form.getByRole('radio', { name: 'Freelancer' }))).toBe(true);
    // Radix moves the focus on the next tick and checks the radio it lands on only while
    // the key is still down, as a person's is: held until then (a press can be too quick).
    await page.keyboard.down('ArrowDown');
    await expect.poll(() => form.getByRole('radio', { name: 'Agency' }).isChecked()).toBe(true);
    await page.keyboard.up('ArrowDown');
    expect(await form.getByText('Step 5 of 7').count()).toBe(1);
    await page.keyboard.press('Enter');
    await form.getByText('Step 6 of 7').waitFor();

    await page.keyboard.type('Notion briefs, Google Docs drafts, WordPress.');
    await page.keyboard.press('Enter');
    await form.getByText('Step 7 of 7').waitFor();

    // Step 7: with nothing chosen Enter opens the list, and in the list Enter chooses.
    const select = form.getByRole('combobox', { name: 'What will you mainly use Wordloom for?' });
    await expect.poll(() => isFocused(select)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor();
    await expect
      .poll(() => isFocused(page.getByRole('option', { name: 'Content Marketing' })))
      .toBe(true);
    // Radix moves the focus on the next tick: each press waits for it, as an eye would.
    for (const option of ['Social Media Management', 'Blog Writing']) {
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => isFocused(page.getByRole('option', { name: option }))).toBe(true);
    }
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await expect.poll(() => select.textContent()).toBe('Blog Writing');
    await expect.poll(() => isFocused(select)).toBe(true);
    expect(await form.getByText('Step 7 of 7').count()).toBe(1);
    expect(signups).toEqual([]);

    // Chosen: Enter submits.
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: "You're on the list!" }).waitFor();
    expect(signups).toHaveLength(1);
  });

  it('treats a second signup with the same email as success, in the overlay', async () => {
    // This test's own first signup, so it does not depend on another test's.
    await joinWaitlist(harness.stack.apiUrl, {
      email: 'ada.again@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    const page = await openPage('/beta', { allowStatus: 409 });
    await hydrated(page);
    await page.getByRole('button', { name: 'Apply for Beta Access' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Apply for Beta Access' });
    await dialog.waitFor();

    await answerRequiredSteps(page, dialog, 'ada.again@example.com');
    // A radio choice moves on by itself after 500 ms in the overlay.
    await dialog.getByRole('radio', { name: 'Freelancer' }).click();
    await dialog.getByText('Step 6 of 7').waitFor();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    // Escape in the open list closes the list, not the overlay.
    await dialog.getByRole('combobox', { name: 'What will you mainly use Wordloom for?' }).click();
    await page.getByRole('listbox').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    expect(await dialog.isVisible()).toBe(true);
    await choosePrimaryUse(page, dialog);
    await dialog.getByRole('button', { name: 'Complete' }).click();

    await page.getByText("You're already on our waitlist!").first().waitFor();
    // The toast shows above the overlay (a modal in the top layer, over the page): the
    // point in the middle of the toast is the toast's own.
    const toast = page.locator('li', { hasText: "You're already on our waitlist!" });
    await expect
      .poll(() =>
        toast.evaluate((element) => {
          const box = element.getBoundingClientRect();
          const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
          return hit !== null && element.contains(hit);
        }),
      )
      .toBe(true);
    await page
      .getByText(
        "Thanks for your continued interest. We'll notify you as soon as beta access is available.",
      )
      .first()
      .waitFor();
    await dialog.getByRole('heading', { name: "You're on the list!" }).waitFor();
  });

  it("opens the overlay before the inline wizard's code has arrived, keeping the wizard's server HTML", async () => {
    // The wizard's chunk is held back until after the click: a visitor on a slow line
    // who clicks 'Apply for Beta Access' as soon as the page responds.
    const { context, page, errors, release } = await pageHoldingChunk(
      /\/assets\/waitlist-wizard-[\w-]+\.js$/,
    );
    try {
      await page.goto(`${harness.baseUrl}/beta`, { waitUntil: 'domcontentloaded' });
      await hydrated(page);
      const inline = page.locator('#join form');
      await inline.waitFor();
      await page.evaluate(() => {
        (window as { serverForm?: Element | null }).serverForm =
          document.querySelector('#join form');
      });
      await page.getByRole('button', { name: 'Apply for Beta Access' }).first().click();
      // The overlay holds a wizard too: it opens once the code arrives.
      release();
      await page.getByRole('dialog', { name: 'Apply for Beta Access' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      // Hydrated in place: the element the server sent is the one on the page.
      await expect
        .poll(() =>
          page.evaluate(
            () =>
              (window as { serverForm?: Element | null }).serverForm ===
              document.querySelector('#join form'),
          ),
        )
        .toBe(true);
      // And it works: Enter moves on, which only the hydrated wizard does (hydrated
      // when the visitor comes near it, issue 32).
      await inlineWizardReady(page.locator('#waitlist-form-inline'));
      const join = page.locator('#join');
      await join.getByLabel('What is your work email?').fill('fast.clicker@example.com');
      await join.getByLabel('What is your work email?').press('Enter');
      await join.getByLabel('What is your first name?').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("keeps the FAQ's server HTML when the page changes before the FAQ's code has arrived", async () => {
    // The FAQ's accordion is its own chunk (issue 13), held back here until the page
    // has re-rendered around it (opening the overlay does).
    const { context, page, errors, release } = await pageHoldingChunk(
      /\/assets\/beta-faq-accordion-[\w-]+\.js$/,
    );
    try {
      await page.goto(`${harness.baseUrl}/beta`, { waitUntil: 'domcontentloaded' });
      await hydrated(page);
      await page.evaluate(() => {
        const kept = window as { serverFaq?: Element | null; serverWizard?: Element | null };
        kept.serverFaq = document.querySelector('#faq');
        kept.serverWizard = document.querySelector('#waitlist-form-inline');
      });
      await page.getByRole('button', { name: 'Apply for Beta Access' }).first().click();
      await page.getByRole('dialog', { name: 'Apply for Beta Access' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      release();
      const question = page.getByRole('button', { name: 'Is the beta free?' });
      // Hydrated in place once its code is there: the accordion opens an answer.
      await expect
        .poll(
          async () => {
            if ((await question.getAttribute('aria-expanded')) !== 'true') await question.click();
            return question.getAttribute('aria-expanded');
          },
          { timeout: 20_000 },
        )
        .toBe('true');
      await page.getByText('The beta is completely free').waitFor();
      expect(
        await page.evaluate(
          () =>
            (window as { serverFaq?: Element | null }).serverFaq === document.querySelector('#faq'),
        ),
      ).toBe(true);
      // The inline wizard, whose code may still have been on its way too, kept its own.
      expect(
        await page.evaluate(() => {
          const kept = (window as { serverWizard?: Element | null }).serverWizard;
          return kept != null && kept === document.querySelector('#waitlist-form-inline');
        }),
      ).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('keeps the page behind the overlay where it was under the wheel', async () => {
    const page = await openPage('/beta');
    await hydrated(page);
    await page.getByRole('button', { name: 'Apply for Beta Access' }).first().click();
    await page.getByRole('dialog', { name: 'Apply for Beta Access' }).waitFor();
    await page.evaluate(() => {
      const seen = { wheels: 0, scrolls: 0 };
      (window as { seen?: typeof seen }).seen = seen;
      document.addEventListener('wheel', () => (seen.wheels += 1), { passive: true });
      window.addEventListener('scroll', () => (seen.scrolls += 1), { passive: true });
    });
    await page.mouse.move(640, 450);
    await page.mouse.wheel(0, 800);
    // The wheel has reached the page, and the frames after it (where a scroll it caused
    // would begin) have been drawn.
    await page.waitForFunction(() => (window as { seen?: { wheels: number } }).seen!.wheels > 0);
    await page.evaluate(
      () =>
        new Promise((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100))),
        ),
    );
    expect(
      await page.evaluate(() => ({
        y: window.scrollY,
        scrolls: (window as { seen?: { scrolls: number } }).seen!.scrolls,
      })),
    ).toEqual({ y: 0, scrolls: 0 });
  });

  it('closes the overlay with Escape and gives focus back to the button', async () => {
    const page = await openPage('/beta');
    await hydrated(page);
    const opener = page.getByRole('button', { name: 'Apply for Beta Access' }).first();
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Apply for Beta Access' });
    await dialog.waitFor();
    expect(
      await page.evaluate(() => document.activeElement?.closest('dialog, [role="dialog"]') != null),
    ).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('keeps the header button off /beta and shows the FAQ one item at a time', async () => {
    const page = await openPage('/beta');
    await hydrated(page);
    expect(
      await page.getByRole('banner').getByRole('link', { name: 'Join Beta Waitlist' }).count(),
    ).toBe(0);
    await page.getByText('Limited to 100 Beta Testers').waitFor();
    // The FAQ is hydrated when the visitor comes near it (issue 32): a click that lands
    // before its code has arrived does what a click without JavaScript does, nothing.
    const first = page.getByRole('button', { name: 'Is the beta free?' });
    await expect
      .poll(async () => {
        if ((await first.getAttribute('aria-expanded')) !== 'true') await first.click();
        return first.getAttribute('aria-expanded');
      })
      .toBe('true');
    await page.getByText('The beta is completely free').waitFor();
    await page.getByRole('button', { name: 'Who qualifies for the beta?' }).click();
    await page.getByText('The beta is completely free').waitFor({ state: 'hidden' });
    expect(await page.locator('[data-state="open"][role="region"]').count()).toBe(1);
  });
});
