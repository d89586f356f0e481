import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordFirstTouch } from '@repo/analytics/first-touch';
import { rememberReferralCode } from './referral-code';
import { submitWaitlist } from './submit-waitlist';

const values = {
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  company: 'Analytical Engines',
  primaryUse: 'Blog Writing',
  contentWorkflow: '',
  userType: '',
} as Parameters<typeof submitWaitlist>[0];

function recordingFetch() {
  const fetchMock = vi.fn<typeof fetch>(
    async () => new Response(JSON.stringify({ id: 'x' }), { status: 201 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return () => JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('submitWaitlist', () => {
  it("sends the visit's first touch along with the signup", async () => {
    recordFirstTouch(
      'https://wordloom.ai/blog/x?utm_source=newsletter&utm_campaign=nov',
      'https://news.ycombinator.com/',
    );
    const fetchMock = vi.fn<typeof fetch>(
      async () => new Response(JSON.stringify({ id: 'x' }), { status: 201 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const result = await submitWaitlist({
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: 'Analytical Engines',
      primaryUse: 'Blog Writing',
      contentWorkflow: '',
      userType: '',
    } as Parameters<typeof submitWaitlist>[0]);
    expect(result.outcome).toBe('success');
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;
    expect(body.source).toEqual({
      landingPage: '/blog/x?utm_source=newsletter&utm_campaign=nov',
      referrer: 'https://news.ycombinator.com/',
      utmSource: 'newsletter',
      utmCampaign: 'nov',
    });
  });

  it('carries the referral code of the address it came through (issue 11), for the whole visit', async () => {
    rememberReferralCode('?ref=abcd2345');
    const sentBody = recordingFetch();
    await submitWaitlist(values);
    // Upper-cased; read back from the session although this page's address has none.
    expect(sentBody().referralCode).toBe('ABCD2345');
  });

  it('sends no referral code for a malformed one', async () => {
    rememberReferralCode('?ref=<script>');
    const sentBody = recordingFetch();
    await submitWaitlist(values);
    expect(sentBody()).not.toHaveProperty('referralCode');
  });
});
