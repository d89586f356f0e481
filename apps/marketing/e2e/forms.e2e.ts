import { surveyStepSettled } from '@repo/e2e';
import { BETA_FEEDBACK_STEPS } from '@repo/validation';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, setUpHarness } from './harness';

const { openPage } = setUpHarness();

/** expect.poll gives up after 1 s by default: too short on a busy machine. */
const POLL = { timeout: 20_000 };

describe('contact form', () => {
  it('sends a message through the 4-step form', async () => {
    const page = await openPage('/contact');
    await hydrated(page);
    await page.getByRole('button', { name: 'Contact Us' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Us a Message' });
    await dialog.waitFor();
    // The page behind stays still: a wheel over the modal goes no further (waitlist.e2e).
    expect(await dialog.evaluate((element) => getComputedStyle(element).overscrollBehaviorY)).toBe(
      'contain',
    );

    await dialog.getByText('Step 1 of 4').waitFor();
    await dialog.getByLabel('What is your name?').fill('Grace Hopper');
    await dialog.getByLabel('What is your name?').press('Enter');
    await dialog.getByLabel('What is your email address?').fill('grace@example.com');
    await dialog.getByLabel('What is your email address?').press('Enter');
    await dialog.getByLabel('What is it about?').fill('Ask');
    await dialog.getByLabel('What is it about?').press('Enter');
    await dialog.getByText('Subject is required').waitFor();
    expect(await dialog.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
    await dialog.getByLabel('What is it about?').fill('Enterprise plans');
    await dialog.getByLabel('What is it about?').press('Enter');
    await dialog.getByText('Step 4 of 4').waitFor();
    // Enter in the textarea starts a new line instead of sending.
    await dialog.getByLabel('Your message').fill('Do you plan SSO for teams?');
    await dialog.getByLabel('Your message').press('Enter');
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Send Message' }).click();

    await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
    await page.getByText('Message sent!').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).overflow), POLL)
      .not.toBe('hidden');
    await page.getByRole('button', { name: 'Send Another Message' }).click();
    await page.getByRole('button', { name: 'Contact Us' }).waitFor();
  });
});

/**
 * Answers every field of a step and waits until each answer shows, so that
 * 'Next' is only pressed once the step holds its values.
 */
async function answerStep(page: Page, stepIndex: number) {
  const dialog = page.getByRole('dialog');
  for (const field of BETA_FEEDBACK_STEPS[stepIndex]!.fields) {
    const input = dialog.locator(`#survey-${field}`);
    if ((await input.count()) > 0) {
      const value =
        field === 'email'
          ? 'tester@example.com'
          : field === 'initialImpressions'
            ? 'Fast setup, clear drafts.'
            : 'Content lead';
      await input.fill(value);
      await expect.poll(() => input.inputValue(), POLL).toBe(value);
    } else {
      const radios = dialog.locator(`[aria-labelledby="survey-${field}-label"] [role="radio"]`);
      await radios.nth(3).click();
      await radios.nth(3).and(page.locator('[aria-checked="true"]')).waitFor();
    }
  }
}

describe('beta feedback survey', () => {
  it('opens straight into the survey and submits all nine steps', async () => {
    const page = await openPage('/beta-feedback');
    await hydrated(page);
    const dialog = page.getByRole('dialog', { name: 'Wordloom Beta Feedback' });
    await dialog.waitFor();
    await dialog.getByText('Step 1 of 9').waitFor();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByText('Please enter a valid email address').waitFor();

    for (let index = 0; index < 8; index++) {
      await answerStep(page, index);
      await dialog.getByRole('button', { name: 'Next' }).click();
      await dialog.getByText(`Step ${index + 2} of 9`).waitFor();
      await surveyStepSettled(page);
    }
    await dialog.getByRole('button', { name: 'Previous' }).click();
    await dialog.getByText('Step 8 of 9').waitFor();
    await surveyStepSettled(page);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByText('Step 9 of 9').waitFor();
    await surveyStepSettled(page);
    await dialog.getByLabel('What should we improve first?').fill('More integrations please.');
    await dialog.getByRole('button', { name: 'Submit Feedback' }).click();

    await page.getByRole('heading', { name: 'Thank you for your feedback!' }).waitFor();
    // The thank-you screen's own button (the toast, shown above the modal, is inside it
    // and has a close button named 'Close' too).
    await page
      .getByRole('dialog')
      .locator('button', { hasText: /^Close$/ })
      .click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Thank you for testing Wordloom' }).waitFor();
  });
});
