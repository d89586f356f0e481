/**
 * Issue 22: the contact form and the beta feedback survey with JavaScript turned off.
 * The button that opens each one's overlay asks, without JavaScript, for the form on
 * the page (?view=form): one page of labelled native fields posting to the page's
 * action, which checks them with the shared schema and sends them to the API as the
 * visitor. Each test owns its data (its own e-mail address and visitor address).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { axeViolations, LARGE_BODY_BYTES, postLargeBody } from '@repo/e2e';
import { BETA_FEEDBACK_STEPS, type BetaFeedbackField } from '@repo/validation';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { databaseRows, setUpHarness, sqlQuote } from './harness';

// The API's rate limits on (the stack turns them off by default): each test is a visitor
// of its own address, and one test uses its limit up.
const { harness, openPage } = setUpHarness({ apiEnv: { RATE_LIMIT_ENABLED: 'true' } });

/** Rows of this run's database, as JSON. */
const rows = <T>(sql: string): T[] => databaseRows<T>(harness.stack.databaseUrl, sql);

/**
 * axe without JavaScript: the test driver evaluates axe's source (the page runs no
 * script). The page's timers never fire with scripting off, and axe waits on them: a
 * setTimeout that runs its callback as a microtask instead lets axe finish.
 */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
async function expectNoAxeViolations(page: Page) {
  await page.evaluate(() => {
    const cancelled = new Set<number>();
    let last = 0;
    const shim = (callback: (...args: unknown[]) => void, _delay?: number, ...args: unknown[]) => {
      const id = ++last;
      void Promise.resolve().then(() => {
        if (!cancelled.has(id)) callback(...args);
      });
      return id;
    };
    Object.assign(window, {
      setTimeout: shim,
      clearTimeout: (id: number) => cancelled.add(id),
    });
  });
  await page.evaluate(AXE_SOURCE);
  const found = (await axeViolations(page)).map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.nodes.join(' | ')}`,
  );
  expect(found, page.url()).toEqual([]);
}

let visitors = 0;
/** A visitor address of its own (the site trusts its loopback peer's X-Forwarded-For). */
async function asNewVisitor(page: Page): Promise<string> {
  visitors += 1;
  const address = `198.51.100.${visitors}`;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': address });
  return address;
}

/** Opens `path` without JavaScript, as a visitor of its own, and asks for the page's form. */
async function openPageForm(path: string, button: string, allowStatus?: number) {
  const page = await openPage(path, { javaScript: false, bypassCSP: true, allowStatus });
  const address = await asNewVisitor(page);
  await page.getByRole('button', { name: button }).click();
  await page.waitForURL(/[?&]view=form/);
  return { page, address };
}

/** The fields' messages and invalid marks, and the error summary's links to them. */
async function expectProblems(page: Page, problems: Record<string, string>) {
  const summary = page.getByTestId('error-summary');
  await summary.getByRole('heading', { name: 'There is a problem' }).waitFor();
  const links = summary.getByRole('link');
  expect(await links.count()).toBe(Object.keys(problems).length);
  for (const [fieldId, message] of Object.entries(problems)) {
    expect(await summary.locator(`a[href="#${fieldId}"]`).textContent()).toBe(message);
    await expect.poll(() => page.locator(`#${fieldId}`).count()).toBe(1);
  }
}

interface ContactRow {
  name: string;
  email: string;
  subject: string;
  message: string;
  status: string;
  company: string | null;
}
const contactRows = (email: string) =>
  rows<ContactRow>(
    `select name, email, subject, message, status, company from contact_messages where email = ${sqlQuote(email)}`,
  );

describe('the contact form without JavaScript', () => {
  it('asks for the form on the page, sends the message and shows the Thank You card', async () => {
    const { page } = await openPageForm('/contact', 'Contact Us');
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.getByLabel('What is your name?').fill('  Grace Hopper ');
    await form.getByLabel('What is your email address?').fill('grace.nojs@example.com');
    await form.getByLabel('What is it about?').fill('Enterprise plans');
    await form.getByLabel('Your message').fill('Do you plan SSO for teams?\nThanks!');
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: 'Send Message' }).click();

    await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
    // The success toast's words, on the page.
    await page.getByText("Message sent! We'll get back to you as soon as possible.").waitFor();
    expect(contactRows('grace.nojs@example.com')).toEqual([
      {
        name: 'Grace Hopper',
        email: 'grace.nojs@example.com',
        subject: 'Enterprise plans',
        message: 'Do you plan SSO for teams?\nThanks!',
        status: 'new',
        company: null,
      },
    ]);
    await expectNoAxeViolations(page);

    // 'Send Another Message' returns to the card's first state.
    await page.getByRole('button', { name: 'Send Another Message' }).click();
    await page.getByRole('button', { name: 'Contact Us' }).waitFor();
  });

  it('answers an invalid form with the error summary, the messages and the values typed', async () => {
    const { page } = await openPageForm('/contact', 'Contact Us', 400);
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.getByLabel('What is your name?').fill('A');
    await form.getByLabel('What is your email address?').fill('ada.nojs@example');
    await form.getByLabel('Your message').fill('Too short');
    const answer = page.waitForResponse((response) => response.request().method() === 'POST');
    await form.getByRole('button', { name: 'Send Message' }).click();
    expect((await answer).status()).toBe(400);

    await expectProblems(page, {
      'contact-page-name': 'Name is required',
      'contact-page-email': 'Please enter a valid email address',
      'contact-page-subject': 'Subject is required',
      'contact-page-message': 'Message must be at least 10 characters',
    });
    const name = form.getByLabel('What is your name?');
    expect(await name.inputValue()).toBe('A');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await name.getAttribute('aria-describedby')).toBe('contact-page-name-error');
    expect(await page.locator('#contact-page-name-error').textContent()).toBe('Name is required');
    expect(await form.getByLabel('What is your email address?').inputValue()).toBe(
      'ada.nojs@example',
    );
    expect(await form.getByLabel('Your message').inputValue()).toBe('Too short');
    await expectNoAxeViolations(page);
    expect(contactRows('ada.nojs@example')).toEqual([]);

    // The summary's link takes the visitor to the field.
    await page.getByTestId('error-summary').getByRole('link', { name: 'Name is required' }).click();
    await page.waitForURL(/#contact-page-name$/);
  });

  it('keeps nothing a bot wrote into the honeypot, and shows it the usual success', async () => {
    const { page } = await openPageForm('/contact', 'Contact Us');
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.getByLabel('What is your name?').fill('Spam Bot');
    await form.getByLabel('What is your email address?').fill('bot.nojs@example.com');
    await form.getByLabel('What is it about?').fill('Cheap pills');
    await form.getByLabel('Your message').fill('Buy now at spam.example!');
    await page.locator('#contact-page-website').fill('https://spam.example', { force: true });
    await form.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
    expect(contactRows('bot.nojs@example.com')).toEqual([]);
  });

  it("counts the visitor's own address against the API's rate limit, and says so on the page", async () => {
    const { page, address } = await openPageForm('/contact', 'Contact Us', 429);
    // The form limit (30 a minute) used up from this visitor's address: honeypot posts, kept by no one.
    for (let sent = 0; sent < 30; sent++) {
      const response = await fetch(`${harness.baseUrl}/contact`, {
        method: 'POST',
        headers: { 'x-forwarded-for': address },
        body: new URLSearchParams({
          name: 'Filler',
          email: 'filler@example.com',
          subject: 'Filling the limit',
          message: 'Filling the rate limit.',
          website: 'https://spam.example',
        }),
      });
      if (response.status === 429) break;
      expect(response.status).toBe(200);
    }
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.getByLabel('What is your name?').fill('Margaret Hamilton');
    await form.getByLabel('What is your email address?').fill('margaret.nojs@example.com');
    await form.getByLabel('What is it about?').fill('Beta access');
    await form.getByLabel('Your message').fill('I would love to join the beta.');
    await form.getByRole('button', { name: 'Send Message' }).click();

    await page.getByText('Failed to send message').waitFor();
    await page
      .getByText('Please try again later or email us directly.', { exact: false })
      .waitFor();
    expect(await form.getByLabel('What is your name?').inputValue()).toBe('Margaret Hamilton');
    expect(contactRows('margaret.nojs@example.com')).toEqual([]);
    await expectNoAxeViolations(page);

    // Another visitor is not held back by this one.
    const other = await fetch(`${harness.baseUrl}/contact`, {
      method: 'POST',
      headers: { 'x-forwarded-for': '198.51.100.250' },
      body: new URLSearchParams({
        name: 'Katherine Johnson',
        email: 'katherine.nojs@example.com',
        subject: 'Orbital mechanics',
        message: 'A question about the beta.',
      }),
    });
    expect(other.status).toBe(200);
    expect(contactRows('katherine.nojs@example.com')).toHaveLength(1);
  });

  it('answers malformed posts with 400 and the error summary, never a 500', async () => {
    for (const init of [
      { body: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      { body: '{"name":"Ada"}', headers: { 'content-type': 'application/json' } },
      { body: '--nope\r\n', headers: { 'content-type': 'multipart/form-data' } },
      {
        body: 'name=%E0%A4%A&email',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
    ]) {
      const response = await fetch(`${harness.baseUrl}/contact`, { method: 'POST', ...init });
      expect(response.status, init.body).toBe(400);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const html = await response.text();
      expect(html).toContain('There is a problem');
      expect(html).toContain('Message must be at least 10 characters');
    }
  });

  it('refuses a body larger than the limit before reading it', async () => {
    for (const chunked of [false, true]) {
      const answer = await postLargeBody(`${harness.baseUrl}/contact`, {
        bytes: LARGE_BODY_BYTES,
        chunked,
      });
      expect(answer.status).toBe(413);
      expect(answer.sentBeforeAnswer).toBeLessThan(LARGE_BODY_BYTES);
    }
  });
});

/** A valid answer for every question of the page's survey (native controls). */
async function answerSurvey(page: Page, email: string) {
  const form = page.getByRole('form', { name: 'Beta feedback survey' });
  for (const step of BETA_FEEDBACK_STEPS) {
    for (const field of step.fields as readonly BetaFeedbackField[]) {
      const input = form.locator(`#survey-page-${field}`);
      if ((await input.count()) > 0) {
        const value =
          field === 'email'
            ? email
            : field === 'initialImpressions'
              ? 'Fast setup, clear drafts.'
              : field === 'generalFeedback' || field === 'additionalComments'
                ? ''
                : 'Content lead';
        await input.fill(value);
      } else {
        // The fourth option of each scale (e.g. 'Easy', 'Expert').
        await form.locator(`input[type="radio"][name="${field}"]`).nth(3).check();
      }
    }
  }
}

interface SurveyRow {
  email: string;
  first_name: string;
  ai_experience_level: string;
  workflow_ease: string;
  initial_impressions: string;
  general_feedback: string | null;
  improvement_suggestions: string | null;
}
const surveyRows = (email: string) =>
  rows<SurveyRow>(
    `select email, first_name, ai_experience_level, workflow_ease, initial_impressions,
            general_feedback, improvement_suggestions
       from beta_feedback_responses where email = ${sqlQuote(email)}`,
  );

describe('the beta feedback survey without JavaScript', () => {
  it('asks for the nine steps on one page, submits them and shows the thank-you screen', async () => {
    const { page } = await openPageForm('/beta-feedback', 'Open the Survey');
    const form = page.getByRole('form', { name: 'Beta feedback survey' });
    for (const step of BETA_FEEDBACK_STEPS) {
      await form.getByRole('heading', { name: step.title, exact: true }).waitFor();
    }
    // Native radio buttons, grouped under their question.
    const experience = form.getByRole('group', { name: /How experienced are you with AI/ });
    expect(await experience.getByRole('radio').count()).toBe(4);
    await answerSurvey(page, 'tester.nojs@example.com');
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: 'Submit Feedback' }).click();

    await page.getByRole('heading', { name: 'Thank you for your feedback!' }).waitFor();
    // The success toast's words, on the page.
    await page.getByText('Your responses were submitted successfully.', { exact: false }).waitFor();
    expect(surveyRows('tester.nojs@example.com')).toEqual([
      {
        email: 'tester.nojs@example.com',
        first_name: 'Content lead',
        ai_experience_level: 'expert',
        workflow_ease: 'easy',
        initial_impressions: 'Fast setup, clear drafts.',
        general_feedback: null,
        improvement_suggestions: 'Content lead',
      },
    ]);
    await expectNoAxeViolations(page);
  });

  it('answers an incomplete survey with the error summary, the messages and the answers kept', async () => {
    const { page } = await openPageForm('/beta-feedback', 'Open the Survey', 400);
    const form = page.getByRole('form', { name: 'Beta feedback survey' });
    await form.getByLabel('First name').fill('Ada');
    await form.locator('#survey-page-aiExperienceLevel-advanced').check();
    await form.getByLabel(/What were your first impressions/).fill('Too short');
    await form.getByRole('button', { name: 'Submit Feedback' }).click();

    // Every required question but the two answered validly.
    await expectProblems(page, {
      'survey-page-email': 'Please enter a valid email address',
      'survey-page-lastName': 'Last name is required',
      'survey-page-initialImpressions': 'Please share your initial impressions',
      'survey-page-gettingStartedEase-very_difficult': 'Please rate the ease of getting started',
      'survey-page-primaryRole': 'Please enter your primary role',
      'survey-page-workflowEase-very_difficult': 'Please rate the workflow ease',
      'survey-page-keywordResearchEase-very_difficult': 'Please rate keyword research ease',
      'survey-page-blogPostCreationEase-very_difficult': 'Please rate blog post creation ease',
      'survey-page-whyItMattersUseful-not_useful':
        "Please rate the usefulness of 'Why it matters' sections",
      'survey-page-profileSetupRating-very_difficult': 'Please rate profile setup',
      'survey-page-brandSetupRating-very_difficult': 'Please rate brand setup',
      'survey-page-keywordResearchRating-very_difficult': 'Please rate keyword research',
      'survey-page-blogPostRating-very_difficult': 'Please rate blog post creation',
      'survey-page-contentLibraryRating-very_difficult': 'Please rate content library organization',
      'survey-page-contentQualitySatisfaction-very_dissatisfied':
        'Please rate content quality satisfaction',
      'survey-page-contentAccuracyRating-very_dissatisfied': 'Please rate content accuracy',
      'survey-page-brandReflectionRating-very_dissatisfied': 'Please rate brand reflection',
      'survey-page-recommendationLikelihood-not_at_all_likely':
        'Please rate recommendation likelihood',
      'survey-page-overallSatisfaction-very_dissatisfied': 'Please rate overall satisfaction',
    });
    expect(await form.getByLabel('First name').inputValue()).toBe('Ada');
    expect(await form.locator('#survey-page-aiExperienceLevel-advanced').isChecked()).toBe(true);
    expect(await form.getByLabel(/What were your first impressions/).inputValue()).toBe(
      'Too short',
    );
    const group = form.getByRole('group', { name: /How easy was it to get started/ });
    expect(await group.getAttribute('aria-describedby')).toBe(
      'survey-page-gettingStartedEase-error',
    );
    await expectNoAxeViolations(page);
  });

  it('keeps nothing a bot wrote into the honeypot, and shows it the usual thank-you', async () => {
    const { page } = await openPageForm('/beta-feedback', 'Open the Survey');
    await answerSurvey(page, 'bot.survey.nojs@example.com');
    await page.locator('#survey-page-website').fill('https://spam.example', { force: true });
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    await page.getByRole('heading', { name: 'Thank you for your feedback!' }).waitFor();
    expect(surveyRows('bot.survey.nojs@example.com')).toEqual([]);
  });

  it('refuses a body larger than the limit before reading it', async () => {
    for (const chunked of [false, true]) {
      const answer = await postLargeBody(`${harness.baseUrl}/beta-feedback`, {
        bytes: LARGE_BODY_BYTES,
        chunked,
      });
      expect(answer.status).toBe(413);
      expect(answer.sentBeforeAnswer).toBeLessThan(LARGE_BODY_BYTES);
    }
  });
});
