import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
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

describe('the counts behind the sources (issue 32)', () => {
  /** The breakdown computed from every entry, as it was before migration 028: the oracle. */
  async function countedFromEntries(): Promise<Record<string, number>> {
    const { rows } = await sql<{ source: string; count: number }>`
      select coalesce(
               nullif(lower(utm_source), ''),
               nullif(lower(substring(referrer from '^[a-z][a-z0-9+.-]*://(?:www\\.)?([^/:?#]+)')), ''),
               'direct') as source,
             count(*)::int as count
      from waitlist_entries
      where created_at >= date_trunc('week', now() at time zone 'UTC') at time zone 'UTC'
                          - make_interval(weeks => 7)
      group by 1`.execute(ctx.database.db);
    return Object.fromEntries(rows.map((row) => [row.source, row.count]));
  }

  async function countedFromCounters(): Promise<Record<string, number>> {
    const response = await get('/api/admin/waitlist/sources?weeks=8');
    expect(response.statusCode).toBe(200);
    const body = response.json<{ sources: { source: string; total: number }[] }>();
    return Object.fromEntries(body.sources.map((row) => [row.source, row.total]));
  }

  it('stay exact through bulk inserts, deletions, a rewritten source and concurrent signups', async () => {
    const db = ctx.database.db;
    await sql`
      insert into waitlist_entries (email, first_name, last_name, company_name, primary_use,
                                    created_at, utm_source, referrer, referral_code)
      select 'counted-' || i || '@example.com', 'First', 'Last', 'Company', 'Blog Writing',
             now() - make_interval(days => i % 40),
             case when i % 3 = 0 then 'Campaign' || (i % 4) end,
             case when i % 5 = 0 then 'https://www.example' || (i % 2) || '.org/x' end,
             'CNT' || lpad(i::text, 8, '0')
      from generate_series(1, 600) as i`.execute(db);
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        signUp(`concurrent-${i}@example.com`, { utmSource: 'parallel' }),
      ),
    );
    await sql`delete from waitlist_entries where email like 'counted-%' and (substring(email from '^counted-([0-9]+)@')::int % 7) = 0`.execute(
      db,
    );
    await sql`update waitlist_entries set utm_source = 'Rewritten', created_at = created_at - interval '1 day'
              where email like 'counted-1%'`.execute(db);
    await sql`update waitlist_entries set confirmed_at = now() where email like 'counted-2%'`.execute(
      db,
    );
    const expected = await countedFromEntries();
    expect(expected.rewritten).toBeGreaterThan(0);
    expect(expected.parallel).toBe(8);
    expect(await countedFromCounters()).toEqual(expected);
  });
});
