import { createApiClient, createSiteEndpoints } from '@repo/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  readWaitlistForm,
  signUpFromForm,
  waitlistFormData,
  waitlistProblems,
} from './waitlist-submission';

const answers = {
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  company: 'Analytical Engines',
  primaryUse: 'Blog Writing',
};

function posted(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

function apiAnswering(status: number, body: unknown) {
  const fetchMock = vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return {
    api: createSiteEndpoints(createApiClient({ baseUrl: '' })),
    sent: () => JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as Record<string, unknown>,
    called: () => fetchMock.mock.calls.length,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('the waitlist form, as the action reads it (issue 22)', () => {
  it('reads the answers, the honeypot, the codes and the first touch from the hidden fields', () => {
    const form = readWaitlistForm(
      posted({
        ...answers,
        userType: 'Agency',
        website: '',
        inviteCode: ' launch2026 ',
        ref: 'abcd2345',
        landing_page: '/beta?utm_source=newsletter',
        utm_source: 'newsletter',
        utm_campaign: 'nov',
      }),
    );
    expect(form.values).toMatchObject({ ...answers, userType: 'Agency', contentWorkflow: '' });
    expect(form.inviteCode).toBe('launch2026');
    expect(form.referralCode).toBe('ABCD2345');
    expect(form.source).toEqual({
      landingPage: '/beta?utm_source=newsletter',
      utmSource: 'newsletter',
      utmCampaign: 'nov',
    });
    expect(form.enhanced).toBe(false);
  });

  it('reads a missing field, or a file where text belongs, as empty; a malformed referral code as none', () => {
    const form = posted({ ref: '<script>' });
    form.set('email', new Blob(['x']), 'email.txt');
    const read = readWaitlistForm(form);
    expect(read.values.email).toBe('');
    expect(read.values.firstName).toBe('');
    expect(read.referralCode).toBeUndefined();
  });

  it("names every problem in the form's order with the shared schema's messages", () => {
    const problems = waitlistProblems(
      readWaitlistForm(posted({ email: 'not-an-email', firstName: 'Ada', inviteCode: '<bad>' })),
    );
    expect(problems).toEqual([
      { field: 'email', message: 'Please enter a valid email address' },
      { field: 'lastName', message: 'Last name is required' },
      { field: 'company', message: 'Company name is required' },
      { field: 'primaryUse', message: 'Please select a primary use case' },
      { field: 'inviteCode', message: expect.any(String) },
    ]);
  });

  it('round-trips what the wizard posts', () => {
    const form = readWaitlistForm(
      waitlistFormData({
        values: { ...answers, userType: '', contentWorkflow: 'Docs' },
        website: 'bot',
        inviteCode: 'LAUNCH2026',
        referralCode: 'ABCD2345',
        source: { landingPage: '/', referrer: 'https://news.example/' },
      }),
    );
    expect(form).toMatchObject({
      website: 'bot',
      inviteCode: 'LAUNCH2026',
      referralCode: 'ABCD2345',
      source: { landingPage: '/', referrer: 'https://news.example/' },
      enhanced: true,
    });
  });
});

describe('signUpFromForm', () => {
  it('refuses an invalid form with a 400 before asking the API, keeping the values typed', async () => {
    const { api, called } = apiAnswering(201, { id: 'x' });
    const answer = await signUpFromForm(readWaitlistForm(posted({ email: 'ada@' })), api);
    expect(called()).toBe(0);
    expect(answer.status).toBe(400);
    expect(answer.calledApi).toBe(false);
    expect(answer.data).toMatchObject({ outcome: 'invalid', values: { email: 'ada@' } });
  });

  it('sends the signup with its codes and source, and reports what an invite code did', async () => {
    const { api, sent } = apiAnswering(201, {
      id: 'x',
      message: 'ok',
      invite: { outcome: 'approved' },
    });
    const answer = await signUpFromForm(
      readWaitlistForm(
        posted({ ...answers, inviteCode: 'launch2026', ref: 'abcd2345', utm_source: 'news' }),
      ),
      api,
    );
    expect(answer).toEqual({
      calledApi: true,
      status: 200,
      data: { outcome: 'success', email: 'ada@example.com', invite: 'approved' },
    });
    expect(sent()).toEqual({
      ...answers,
      website: '',
      inviteCode: 'launch2026',
      referralCode: 'ABCD2345',
      source: { utmSource: 'news' },
    });
  });

  it('treats a duplicate email as success (spec section 8)', async () => {
    const { api } = apiAnswering(409, { type: 'duplicate_email', message: 'Already' });
    const answer = await signUpFromForm(readWaitlistForm(posted(answers)), api);
    expect(answer.status).toBe(200);
    expect(answer.data.outcome).toBe('duplicate');
  });

  it("tells a refused invite code apart, with the server's reason and status", async () => {
    const { api } = apiAnswering(409, {
      type: 'invite_code_used_up',
      message: 'This invite code has already been used.',
    });
    const answer = await signUpFromForm(
      readWaitlistForm(posted({ ...answers, inviteCode: 'USEDCODE' })),
      api,
    );
    expect(answer.status).toBe(409);
    expect(answer.data).toMatchObject({
      outcome: 'invite_refused',
      problems: [{ field: 'inviteCode', message: 'This invite code has already been used.' }],
    });
  });

  it("puts the API's own field checks beside the field (issue 19: disposable addresses)", async () => {
    const { api } = apiAnswering(400, {
      type: 'validation_error',
      message: 'Invalid',
      issues: [{ path: 'email', message: 'Disposable email addresses are not accepted' }],
    });
    const answer = await signUpFromForm(readWaitlistForm(posted(answers)), api);
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      outcome: 'invalid',
      problems: [{ field: 'email', message: 'Disposable email addresses are not accepted' }],
    });
  });

  it('keeps a 429, turns the API failing into a 503 and no answer into a 502', async () => {
    const form = readWaitlistForm(posted(answers));
    const limited = await signUpFromForm(
      form,
      apiAnswering(429, { message: 'Too many requests' }).api,
    );
    expect(limited).toMatchObject({ status: 429, data: { outcome: 'failed' } });
    const broken = await signUpFromForm(form, apiAnswering(500, { message: 'Boom' }).api);
    expect(broken).toMatchObject({ status: 503, data: { outcome: 'failed' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('fetch failed'))),
    );
    const unreachable = await signUpFromForm(
      form,
      createSiteEndpoints(createApiClient({ baseUrl: '' })),
    );
    expect(unreachable).toMatchObject({ status: 502, data: { outcome: 'failed' } });
  });
});
