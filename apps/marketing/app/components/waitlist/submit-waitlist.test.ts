import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordFirstTouch } from '@repo/analytics/first-touch';
import { rememberVisitCodes } from './visit-codes';
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
    const sentBody = recordingFetch();
    const result = await submitWaitlist(values);
    expect(result.outcome).toBe('success');
    expect(sentBody().source).toEqual({
      landingPage: '/blog/x?utm_source=newsletter&utm_campaign=nov',
      referrer: 'https://news.ycombinator.com/',
      utmSource: 'newsletter',
      utmCampaign: 'nov',
    });
  });

  it('carries the referral code of the address it came through (issue 11), for the whole visit', async () => {
    rememberVisitCodes('?ref=abcd2345');
    const sentBody = recordingFetch();
    await submitWaitlist(values);
    // Upper-cased; read back from the session although this page's address has none.
    expect(sentBody().referralCode).toBe('ABCD2345');
  });

  it('sends no referral code for a malformed one', async () => {
    rememberVisitCodes('?ref=<script>');
    const sentBody = recordingFetch();
    await submitWaitlist(values);
    expect(sentBody()).not.toHaveProperty('referralCode');
  });

  it('redeems an invite code and reports what it did (issue 11)', async () => {
    const fetchMock = vi.fn<typeof fetch>(
      async () =>
        new Response(JSON.stringify({ id: 'x', message: 'ok', invite: { outcome: 'approved' } }), {
          status: 201,
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const result = await submitWaitlist(values, '', ' launch2026 ');
    expect(result).toEqual({ outcome: 'success', invite: 'approved' });
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;
    expect(body.inviteCode).toBe('launch2026');
  });

  it("tells a refused invite code apart, with the server's reason", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(
        async () =>
          new Response(
            JSON.stringify({
              type: 'invite_code_used_up',
              message: 'This invite code has already been used.',
            }),
            { status: 409 },
          ),
      ),
    );
    const result = await submitWaitlist(values, '', 'USEDCODE');
    expect(result).toEqual({
      outcome: 'invite_refused',
      error: 'This invite code has already been used.',
    });
  });
});
