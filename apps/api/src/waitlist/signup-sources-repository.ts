import type { DB } from '@repo/db';
import type { SignupSources } from '@repo/validation';
import { sql } from 'kysely';

/**
 * A signup's source: its utm_source, else the external referrer's host, else
 * 'direct'. Computed in SQL so that grouping stays in the database.
 */
const SOURCE = sql<string>`coalesce(
  nullif(lower(utm_source), ''),
  nullif(lower(substring(referrer from '^[a-z][a-z0-9+.-]*://(?:www\\.)?([^/:?#]+)')), ''),
  'direct'
)`;

/** Signups per source and ISO week over the last `weeks` weeks, the busiest source first. */
export async function signupSourcesByWeek(db: DB, weeks: number): Promise<SignupSources> {
  const { rows } = await sql<{ week: string; source: string; count: number }>`
  select to_char(date_trunc('week', created_at at time zone 'UTC'), 'YYYY-MM-DD') as week,
         ${SOURCE} as source,
         count(*)::int as count
  from waitlist_entries
  where created_at >= date_trunc('week', now() at time zone 'UTC') at time zone 'UTC'
                      - make_interval(weeks => ${weeks - 1})
  group by 1, 2
`.execute(db);
  const { rows: starts } = await sql<{ week: string }>`
  select to_char(generate_series(
    date_trunc('week', now() at time zone 'UTC') - make_interval(weeks => ${weeks - 1}),
    date_trunc('week', now() at time zone 'UTC'),
    interval '1 week'
  ), 'YYYY-MM-DD') as week
`.execute(db);
  const weekList = starts.map((row) => row.week);
  const index = new Map(weekList.map((week, position) => [week, position]));
  const bySource = new Map<string, number[]>();
  for (const row of rows) {
    const counts = bySource.get(row.source) ?? weekList.map(() => 0);
    const position = index.get(row.week);
    if (position !== undefined) counts[position] = (counts[position] ?? 0) + Number(row.count);
    bySource.set(row.source, counts);
  }
  const sources = [...bySource.entries()]
    .map(([source, counts]) => ({
      source,
      counts,
      total: counts.reduce((sum, count) => sum + count, 0),
    }))
    .sort((a, b) => b.total - a.total || a.source.localeCompare(b.source));
  return { weeks: weekList, sources };
}
