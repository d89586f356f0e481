import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordFirstTouch } from '@repo/analytics/first-touch';
import { submitWaitlist } from './submit-waitlist';

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
});
