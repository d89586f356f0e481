import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

async function runStatements(db: Kysely<unknown>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/*
 * The admin dashboard aggregates page views, referrers and the waitlist funnel
 * over a period. With a million events, reading the JSON of every row in the
 * period dominated; the two values it needs from `data` become stored columns,
 * and partial covering indexes let each aggregate run as an index-only scan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    // The referrer's host (search engines vary the query string), 'direct' when none.
    `alter table analytics_events add column referrer_host text generated always as (
      coalesce(
        lower(substring(data->>'referrer' from '^[a-zA-Z][a-zA-Z0-9+.-]*://([^/?#:]+)')),
        nullif(data->>'referrer', ''),
        'direct'
      )
    ) stored`,
    `alter table analytics_events add column step_number smallint generated always as (
      case when data->>'step_number' ~ '^[1-9][0-9]?$' then (data->>'step_number')::smallint end
    ) stored`,
    `create index analytics_events_page_views_idx on analytics_events (occurred_at)
      include (path, session_id, referrer_host) where type = 'page_view'`,
    `create index analytics_events_waitlist_steps_idx on analytics_events (occurred_at)
      include (session_id, step_number) where type = 'waitlist_step_completed'`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `drop index analytics_events_waitlist_steps_idx`,
    `drop index analytics_events_page_views_idx`,
    `alter table analytics_events drop column step_number`,
    `alter table analytics_events drop column referrer_host`,
  ]);
}
