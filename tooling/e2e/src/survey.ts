import type { Page } from 'playwright-core';

/**
 * After a step change the beta survey scrolls to the top and focuses the step's
 * first question (after 100 ms): waited for, so it cannot move the page
 * mid-click. Never a control hidden from people (the honeypot, in an aria-hidden
 * box): what is typed next went there once, and the API took the tester for a
 * bot and kept nothing of the survey.
 */
export async function surveyStepSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const active = document.activeElement;
    return (
      active?.closest('dialog') != null &&
      active.matches('input, textarea, button[role="radio"]') &&
      active.closest('[aria-hidden="true"]') == null
    );
  });
}
