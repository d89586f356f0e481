import type { DB } from '@repo/db';
import type { SignupSources } from '@repo/validation';
import { sql } from 'kysely';

/**
 * Signups per source and ISO week over the last `weeks` weeks, the busiest source
 * first. Summed from the counts per UTC day and source that triggers keep
 * (migration 028: a few hundred rows, whatever the size of the list; the source
 * is utm_source, else the external referrer's host, else 'direct').
 */
export async function signupSourcesByWeek(db: DB, weeks: number): Promise<SignupSources> {
  const { rows } = await sql<{ week: string; source: string; count: number }>`
  select to_char(date_trunc('week', day::timestamp), 'YYYY-MM-DD') as week,
         source,
         sum(entries)::int as count
  from waitlist_source_counts
  where day >= (date_trunc('week', now() at time zone 'UTC') - make_interval(weeks => ${weeks - 1}))::date
  group by 1, 2
  having sum(entries) <> 0
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
