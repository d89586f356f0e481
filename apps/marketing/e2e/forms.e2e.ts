import { BETA_FEEDBACK_STEPS } from '@repo/validation';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, setUpHarness } from './harness';

const { openPage } = setUpHarness();

describe('contact form', () => {
  it('sends a message through the 4-step form', async () => {
    const page = await openPage('/contact');
    await hydrated(page);
    await page.getByRole('button', { name: 'Contact Us' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Us a Message' });
    await dialog.waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');

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
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    await page.getByRole('button', { name: 'Send Another Message' }).click();
    await page.getByRole('button', { name: 'Contact Us' }).waitFor();
  });
});

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
    } else {
      await dialog
        .locator(`[aria-labelledby="survey-${field}-label"] [role="radio"]`)
        .nth(3)
        .click();
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
    }
    await dialog.getByRole('button', { name: 'Previous' }).click();
    await dialog.getByText('Step 8 of 9').waitFor();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByLabel('What should we improve first?').fill('More integrations please.');
    await dialog.getByRole('button', { name: 'Submit Feedback' }).click();

    await page.getByRole('heading', { name: 'Thank you for your feedback!' }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Thank you for testing Wordloom' }).waitFor();
  });
});
