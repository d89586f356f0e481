// @vitest-environment node
import type { ActionFunctionArgs } from '@remix-run/node';
import { BETA_FEEDBACK_OPTIONAL_FIELDS, type BetaFeedbackField } from '@repo/validation';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseSurveyForm, surveyAction } from './survey-action.server';
import { SURVEY_FIELDS } from './survey-fields';

const api = vi.fn<typeof fetch>();
beforeEach(() => {
  api.mockReset();
  api.mockResolvedValue(Response.json({ id: 'r1', message: 'Thanks' }, { status: 201 }));
  vi.stubGlobal('fetch', api);
});
afterEach(() => vi.unstubAllGlobals());

/** Every required question answered (the first option of each scale). */
function answered(): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const [field, config] of Object.entries(SURVEY_FIELDS)) {
    if (BETA_FEEDBACK_OPTIONAL_FIELDS.includes(field as BetaFeedbackField)) continue;
    answers[field] =
      config.kind === 'choice'
        ? config.options[0]!
        : field === 'email'
          ? 'tester@example.com'
          : 'Fast and clear from day one.';
  }
  return answers;
}

const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
};

async function post(fields: Record<string, string>) {
  const request = new Request('http://site.test/beta-feedback', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  const result = await surveyAction({
    request,
    context: { clientIp: '203.0.113.9' },
    params: {},
  } as unknown as ActionFunctionArgs);
  return { status: result.init?.status, data: result.data };
}

describe('the survey page action', () => {
  it('submits the 21 answers, the honeypot and a well-formed progress key, as the visitor', async () => {
    const key = '0b6f3c1e-8a4d-4f7e-9c2b-5d1a7e3f9b20';
    const answer = await post({
      ...answered(),
      generalFeedback: '  ',
      website: '',
      progressKey: key,
    });
    expect(answer).toEqual({ status: 200, data: { outcome: 'sent' } });
    const [url, init] = api.mock.calls[0]!;
    expect(String(url)).toMatch(/\/api\/beta-feedback$/);
    expect(new Headers(init?.headers).get('x-forwarded-for')).toBe('203.0.113.9');
    const body = JSON.parse(String(init?.body)) as Record<string, string>;
    expect(body).toEqual({ ...answered(), website: '', progressKey: key });
    expect(Object.keys(body)).toHaveLength(23);
  });

  it('leaves out a malformed progress key rather than have the API refuse the answers', () => {
    expect(
      parseSurveyForm(formOf({ ...answered(), progressKey: 'x' })).progressKey,
    ).toBeUndefined();
    expect(
      parseSurveyForm(formOf({ ...answered(), progressKey: 'a"><script>' })).answers,
    ).toBeDefined();
  });

  it('answers 400 with each question’s message and the answers typed, without calling the API', async () => {
    const answer = await post({ firstName: 'Ada', aiExperienceLevel: 'wizard' });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      outcome: 'invalid',
      values: { firstName: 'Ada', aiExperienceLevel: 'wizard', email: '' },
      errors: {
        email: 'Please enter a valid email address',
        aiExperienceLevel: 'Please select your AI experience level',
        overallSatisfaction: 'Please rate overall satisfaction',
      },
    });
    expect(answer.data).not.toHaveProperty('errors.firstName');
    expect(api).not.toHaveBeenCalled();
  });

  it('keeps the answers and names the failure when the API fails', async () => {
    api.mockResolvedValueOnce(new Response('down', { status: 503 }));
    const answer = await post(answered());
    expect(answer.status).toBe(503);
    expect(answer.data).toMatchObject({ outcome: 'failed', failure: 'unavailable' });
  });
});
