import { describe, expect, it } from 'vitest';
import { useAdminContext } from '../helpers/use-context';
import { validWaitlistSignup } from '../helpers/test-app';

const { ctx, admin } = useAdminContext();

const signUp = (email: string, source?: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/waitlist',
    payload: { ...validWaitlistSignup({ email }), ...(source === undefined ? {} : { source }) },
  });
const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: admin.headers });

describe('where signups come from', () => {
  it('stores the first touch with the signup, and a broken one never costs the signup', async () => {
    const first = await signUp('campaign@example.com', {
      landingPage: '/blog/seo-basics?utm_source=newsletter',
      referrer: 'https://news.ycombinator.com/item?id=1',
      utmSource: 'Newsletter',
      utmMedium: 'email',
      utmCampaign: 'november',
    });
    expect(first.statusCode).toBe(201);
    const broken = await signUp('broken-source@example.com', { utmSource: 'x'.repeat(5000) });
    expect(broken.statusCode).toBe(201);
    const odd = await signUp('odd-source@example.com', 'not an object');
    expect(odd.statusCode).toBe(201);
    const rows = await ctx.database.db
      .selectFrom('waitlistEntries')
      .select(['email', 'landingPage', 'referrer', 'utmSource', 'utmMedium', 'utmCampaign'])
      .where('email', 'in', [
        'campaign@example.com',
        'broken-source@example.com',
        'odd-source@example.com',
      ])
      .orderBy('email')
      .execute();
    expect(rows).toEqual([
      {
        email: 'broken-source@example.com',
        landingPage: null,
        referrer: null,
        utmSource: null,
        utmMedium: null,
        utmCampaign: null,
      },
      {
        email: 'campaign@example.com',
        landingPage: '/blog/seo-basics?utm_source=newsletter',
        referrer: 'https://news.ycombinator.com/item?id=1',
        utmSource: 'Newsletter',
        utmMedium: 'email',
        utmCampaign: 'november',
      },
      {
        email: 'odd-source@example.com',
        landingPage: null,
        referrer: null,
        utmSource: null,
        utmMedium: null,
        utmCampaign: null,
      },
    ]);
    const timeline = await get('/api/admin/people/timeline?email=campaign%40example.com');
    const signup = timeline
      .json()
      .events.find((event: { kind: string }) => event.kind === 'signup');
    expect(signup.detail).toContain('from Newsletter / email / november');
  });

  it('counts signups per source and week: utm_source, else the referrer host, else direct', async () => {
    await signUp('hn@example.com', { referrer: 'https://www.news.ycombinator.com/' });
    await signUp('direct@example.com');
    const response = await get('/api/admin/waitlist/sources?weeks=4');
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      weeks: string[];
      sources: { source: string; counts: number[]; total: number }[];
    }>();
    expect(body.weeks).toHaveLength(4);
    expect(body.weeks[3]! <= new Date().toISOString().slice(0, 10)).toBe(true);
    const bySource = Object.fromEntries(body.sources.map((row) => [row.source, row]));
    expect(bySource.newsletter?.total).toBe(1);
    expect(bySource['news.ycombinator.com']?.total).toBe(1);
    // The seeded entries, the broken and odd sources and the plain signup: no source at all.
    expect(bySource.direct!.total).toBeGreaterThanOrEqual(3);
    expect(bySource.newsletter!.counts.at(-1)).toBe(1);
    for (const bad of ['0', '53', 'many']) {
      expect((await get(`/api/admin/waitlist/sources?weeks=${bad}`)).statusCode).toBe(400);
    }
  });
});
