import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

async function runStatements(db: Kysely<unknown>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/*
 * Analytics rollups (issue 32). At 10 million events the dashboard read millions
 * of rows per figure; it now reads hourly aggregates (thousands of rows) plus the
 * few raw events not rolled up yet. Raw events stay as they were.
 *
 * - analytics_rollups: events per UTC hour × type × path, and
 *   analytics_daily_rollups the same per UTC day (page views per day, top pages,
 *   feature engagement): whole days come from the daily table, the hours of a
 *   day under way from the hourly one.
 * - analytics_session_hours: for each counted kind of distinct figure ('visitor':
 *   page-view sessions, 'referrer': page-view sessions per referrer host, 'step':
 *   sessions per waitlist step), the hours in which a session had such events,
 *   with how many, and the session's previous such hour (`prev_hour`). It holds
 *   session ids, as analytics_events does; erasure and retention keep it exact.
 * - analytics_distinct_rollups: how many of those session-hours each hour has,
 *   by the UTC day of their previous hour (`since`, '-infinity' for a first).
 *   Distinct sessions over days D1..Dn are the session-hours of those days whose
 *   previous hour is before D1: each session is counted once, at its first hour
 *   in the period, so the sum is exact (no estimate, no extension).
 * - analytics_rollup_state: every event with id <= rolled_through is in the
 *   rollups, and none above it.
 *
 * Keys hash the free-text columns (md5) so that a 2 kB path still fits an index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table analytics_rollups (
      type text not null,
      hour timestamptz not null,
      path text not null,
      events bigint not null
    )`,
    `create unique index analytics_rollups_key on analytics_rollups (type, hour, md5(path))`,
    `create index analytics_rollups_emptied_idx on analytics_rollups (hour) where events <= 0`,
    `create table analytics_daily_rollups (
      type text not null,
      day date not null,
      path text not null,
      events bigint not null
    )`,
    `create unique index analytics_daily_rollups_key
      on analytics_daily_rollups (type, day, md5(path)) include (events)`,
    `create index analytics_daily_rollups_emptied_idx on analytics_daily_rollups (day)
      where events <= 0`,
    `create table analytics_session_hours (
      kind text not null check (kind in ('visitor', 'referrer', 'step')),
      key text not null,
      session_id text not null,
      hour timestamptz not null,
      events integer not null,
      prev_hour timestamptz
    )`,
    `create unique index analytics_session_hours_key
      on analytics_session_hours (kind, md5(key), session_id, hour)`,
    `create index analytics_session_hours_emptied_idx on analytics_session_hours (hour)
      where events <= 0`,
    `create table analytics_distinct_rollups (
      kind text not null,
      key text not null,
      hour timestamptz not null,
      since date not null,
      sessions bigint not null
    )`,
    `create unique index analytics_distinct_rollups_key
      on analytics_distinct_rollups (kind, hour, md5(key), since)`,
    `create index analytics_distinct_rollups_emptied_idx on analytics_distinct_rollups (hour)
      where sessions <= 0`,
    `create table analytics_rollup_state (
      id boolean primary key default true check (id),
      rolled_through bigint not null default 0,
      rolled_at timestamptz
    )`,
    `insert into analytics_rollup_state default values`,
    /*
     * Rebuilds every rollup from the raw events with id <= through (all of them
     * when null: then new events wait, under a share lock, until the rebuild
     * commits). The incremental job (apps/api/src/analytics/rollups-repository.ts)
     * calls it with a bound it knows to be complete, without blocking ingestion;
     * benchmarks that fill analytics_events with plain SQL call it with none.
     */
    `create function analytics_rollups_rebuild(through bigint default null) returns bigint
    language plpgsql as $fn$
    declare
      bound bigint := through;
    begin
      perform 1 from analytics_rollup_state for update;
      if bound is null then
        lock table analytics_events in share mode;
        select coalesce(max(id), 0) into bound from analytics_events;
      end if;
      perform set_config('work_mem', '128MB', true);
      delete from analytics_distinct_rollups;
      delete from analytics_session_hours;
      delete from analytics_rollups;
      delete from analytics_daily_rollups;
      insert into analytics_rollups (type, hour, path, events)
        select type, date_bin('1 hour', occurred_at, timestamptz '2000-01-01 00:00:00+00'), path,
               count(*)
        from analytics_events where id <= bound
        group by 1, 2, 3;
      insert into analytics_daily_rollups (type, day, path, events)
        select type, (hour at time zone 'UTC')::date, path, sum(events)
        from analytics_rollups
        group by 1, 2, 3;
      insert into analytics_session_hours (kind, key, session_id, hour, events, prev_hour)
        select kind, key, session_id, hour, events,
               lag(hour) over (partition by kind, key, session_id order by hour)
        from (
          select 'visitor' as kind, '' as key, session_id,
                 date_bin('1 hour', occurred_at, timestamptz '2000-01-01 00:00:00+00') as hour,
                 count(*)::int as events
          from analytics_events where id <= bound and type = 'page_view'
          group by 3, 4
          union all
          select 'referrer', referrer_host, session_id,
                 date_bin('1 hour', occurred_at, timestamptz '2000-01-01 00:00:00+00'), count(*)::int
          from analytics_events where id <= bound and type = 'page_view'
          group by 2, 3, 4
          union all
          select 'step', step_number::text, session_id,
                 date_bin('1 hour', occurred_at, timestamptz '2000-01-01 00:00:00+00'), count(*)::int
          from analytics_events
          where id <= bound and type = 'waitlist_step_completed' and step_number is not null
          group by 2, 3, 4
        ) as pairs;
      insert into analytics_distinct_rollups (kind, key, hour, since, sessions)
        select kind, key, hour,
               coalesce((prev_hour at time zone 'UTC')::date, '-infinity'::date), count(*)
        from analytics_session_hours
        group by 1, 2, 3, 4;
      update analytics_rollup_state set rolled_through = bound, rolled_at = now();
      return bound;
    end
    $fn$`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `drop function analytics_rollups_rebuild(bigint)`,
    `drop table analytics_rollup_state, analytics_distinct_rollups, analytics_session_hours,
      analytics_daily_rollups, analytics_rollups`,
  ]);
}
