import type { DB } from '@repo/db';
import { type RawBuilder, sql } from 'kysely';

/*
 * Analytics rollups (issue 32, migration 025): the dashboard reads hourly
 * aggregates instead of millions of raw events. Raw events are stored as before
 * by the ingest, which does nothing more (no hot rollup row to contend on); a
 * job under an advisory lock folds them in by id, in chunks, each chunk one
 * transaction that moves `rolled_through` with the rollups: a job that dies
 * mid-way leaves the last committed chunk and resumes after it, never counting
 * an event twice. Deletions (erasure, retention) take their events back out of
 * the rollups in the transaction that deletes them. The dashboard adds the
 * events above `rolled_through` from the raw table (analytics-reader.ts).
 */

/** UTC hours: `date_bin` from a UTC midnight, whatever the session's time zone. */
const HOUR_OF = (column: string) =>
  sql.raw(`date_bin('1 hour', ${column}, timestamptz '2000-01-01 00:00:00+00')`);

/** Only one instance rolls up at a time (pg_try_advisory_xact_lock). */
const ROLLUP_LOCK = sql`hashtext('wordloom:analytics-rollups')`;
/** Events per transaction of the incremental job. */
const DEFAULT_CHUNK = 50_000;
/** A backlog larger than this is rebuilt in one pass (faster than chunks of deltas). */
const DEFAULT_REBUILD_ABOVE = 1_000_000;
/** How long the job waits for inserts in flight before giving the round up. */
const WRITERS_WAIT_MS = 5_000;
const POLL_MS = 25;

/** The staging tables of a change: one row per event added (+1) or removed (-1). */
async function stagingTables(db: DB): Promise<void> {
  await sql`
    create temp table if not exists analytics_rollup_delta (
      sign integer not null, type text not null, path text not null, session_id text not null,
      hour timestamptz not null, referrer_host text not null, step_number smallint
    ) on commit delete rows
  `.execute(db);
  await sql`
    create temp table if not exists analytics_rollup_pairs (
      kind text not null, key text not null, session_id text not null,
      hour timestamptz not null, events integer not null
    ) on commit delete rows
  `.execute(db);
}

/** The rows of analytics_session_hours whose (kind, key, session) a change touches. */
const TOUCHED = sql`
  analytics_session_hours s
  join (select distinct kind, key, session_id from analytics_rollup_pairs) t
    on s.kind = t.kind and md5(s.key) = md5(t.key) and s.key = t.key and s.session_id = t.session_id
`;

/** Adds (+1) or removes (-1) the touched sessions' hours in analytics_distinct_rollups. */
async function countTouchedSessions(db: DB, sign: 1 | -1): Promise<void> {
  await sql`
    insert into analytics_distinct_rollups as d (kind, key, hour, since, sessions)
    select s.kind, s.key, s.hour,
           coalesce((s.prev_hour at time zone 'UTC')::date, '-infinity'::date),
           ${sign}::int * count(*)
    from ${TOUCHED}
    group by 1, 2, 3, 4
    on conflict (kind, hour, md5(key), since)
      do update set sessions = d.sessions + excluded.sessions
  `.execute(db);
}

/**
 * Applies the staged change (analytics_rollup_delta) to every rollup. Runs in
 * the caller's transaction, which holds the state row (lockRollupState).
 */
async function applyDelta(db: DB, { analyse }: { analyse: boolean }): Promise<void> {
  if (analyse) await sql`analyze analytics_rollup_delta`.execute(db);
  await sql`
    insert into analytics_rollups as r (type, hour, path, events)
    select type, hour, path, sum(sign) from analytics_rollup_delta
    group by 1, 2, 3 having sum(sign) <> 0
    on conflict (type, hour, md5(path)) do update set events = r.events + excluded.events
  `.execute(db);
  await sql`delete from analytics_rollups where events <= 0`.execute(db);
  await sql`
    insert into analytics_daily_rollups as r (type, day, path, events)
    select type, (hour at time zone 'UTC')::date, path, sum(sign) from analytics_rollup_delta
    group by 1, 2, 3 having sum(sign) <> 0
    on conflict (type, day, md5(path)) do update set events = r.events + excluded.events
  `.execute(db);
  await sql`delete from analytics_daily_rollups where events <= 0`.execute(db);

  await sql`
    insert into analytics_rollup_pairs (kind, key, session_id, hour, events)
    select kind, key, session_id, hour, sum(sign) from (
      select 'visitor' as kind, '' as key, session_id, hour, sign
      from analytics_rollup_delta where type = 'page_view'
      union all
      select 'referrer', referrer_host, session_id, hour, sign
      from analytics_rollup_delta where type = 'page_view'
      union all
      select 'step', step_number::text, session_id, hour, sign
      from analytics_rollup_delta
      where type = 'waitlist_step_completed' and step_number is not null
    ) as changes
    group by 1, 2, 3, 4 having sum(sign) <> 0
  `.execute(db);
  if (analyse) await sql`analyze analytics_rollup_pairs`.execute(db);
  // The touched sessions' hours leave the distinct counts, change, and come back
  // with their new previous hours (an hour added or removed moves the next one's).
  await countTouchedSessions(db, -1);
  await sql`
    insert into analytics_session_hours as s (kind, key, session_id, hour, events)
    select kind, key, session_id, hour, events from analytics_rollup_pairs
    on conflict (kind, md5(key), session_id, hour) do update set events = s.events + excluded.events
  `.execute(db);
  await sql`delete from analytics_session_hours where events <= 0`.execute(db);
  await sql`
    update analytics_session_hours u set prev_hour = o.prev
    from (
      select s.kind, s.key, s.session_id, s.hour, s.prev_hour,
             lag(s.hour) over (partition by s.kind, s.key, s.session_id order by s.hour) as prev
      from ${TOUCHED}
    ) as o
    where u.kind = o.kind and md5(u.key) = md5(o.key) and u.key = o.key
      and u.session_id = o.session_id and u.hour = o.hour
      and o.prev_hour is distinct from o.prev
  `.execute(db);
  await countTouchedSessions(db, 1);
  await sql`delete from analytics_distinct_rollups where sessions <= 0`.execute(db);
  await sql`delete from analytics_rollup_pairs`.execute(db);
  await sql`delete from analytics_rollup_delta`.execute(db);
}

/**
 * Takes the rollup state row for the rest of the caller's transaction and
 * returns `rolled_through`. The job and every deletion of analytics events take
 * it first, so a deletion never races a chunk being rolled up.
 */
async function lockRollupState(db: DB): Promise<number> {
  const result = await sql<{ rolledThrough: number }>`
    select rolled_through as "rolledThrough" from analytics_rollup_state for update
  `.execute(db);
  return Number(result.rows[0]?.rolledThrough ?? 0);
}

/**
 * Deletes the analytics events that `where` selects and takes those already
 * rolled up out of the rollups, in the caller's transaction (erasure and
 * retention; the rollups never count an event that is gone). Returns how many
 * were deleted.
 */
export async function deleteAnalyticsEvents(db: DB, where: RawBuilder<boolean>): Promise<number> {
  const rolledThrough = await lockRollupState(db);
  await stagingTables(db);
  const result = await sql<{ deleted: number }>`
    with gone as (
      delete from analytics_events where ${where}
      returning id, type, path, session_id, occurred_at, referrer_host, step_number
    ), staged as (
      insert into analytics_rollup_delta
        (sign, type, path, session_id, hour, referrer_host, step_number)
      select -1, type, path, session_id, ${HOUR_OF('occurred_at')}, referrer_host, step_number
      from gone where id <= ${rolledThrough}
      returning 1
    )
    select (select count(*) from gone)::int as deleted, (select count(*) from staged)::int as staged
  `.execute(db);
  const deleted = result.rows[0]?.deleted ?? 0;
  if (deleted > 0) await applyDelta(db, { analyse: deleted > 1_000 });
  return deleted;
}

/**
 * The highest event id below which every event is committed (or rolled back):
 * the sequence's last value, once every transaction that held the events
 * table's insert lock when it was read has ended (an INSERT takes that lock
 * before it draws its id). Ingestion is never blocked. Undefined when a writer
 * is still at work after `waitMs`.
 */
async function completeBound(db: DB, waitMs = WRITERS_WAIT_MS): Promise<number | undefined> {
  const last = await sql<{ last: number }>`
    select coalesce(pg_sequence_last_value(pg_get_serial_sequence('analytics_events', 'id')), 0)
      as last
  `.execute(db);
  const bound = Number(last.rows[0]?.last ?? 0);
  const writers = await sql<{ writers: string[] }>`
    select coalesce(array_agg(distinct virtualtransaction), '{}') as writers from pg_locks
    where locktype = 'relation' and relation = 'analytics_events'::regclass
      and database = (select oid from pg_database where datname = current_database())
      and mode = 'RowExclusiveLock' and pid <> pg_backend_pid()
  `.execute(db);
  const waitingFor = writers.rows[0]?.writers ?? [];
  if (waitingFor.length === 0) return bound;
  const deadline = Date.now() + waitMs;
  for (;;) {
    const still = await sql<{ count: number }>`
      select count(*)::int as count from pg_locks where virtualtransaction = any(${waitingFor}::text[])
    `.execute(db);
    if ((still.rows[0]?.count ?? 0) === 0) return bound;
    if (Date.now() > deadline) return undefined;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

export interface RollupOptions {
  /** Events per transaction (default 50,000). */
  chunk?: number;
  /** Chunks per call at most (default: until caught up). */
  maxChunks?: number;
  /** A backlog above this many ids is rebuilt in one pass (default 1,000,000). */
  rebuildAbove?: number;
}

export interface RollupResult {
  /** Events rolled up by this call. */
  rolled: number;
  /** `rolled_through` afterwards; undefined when another instance holds the job. */
  rolledThrough: number | undefined;
}

/**
 * The rollup job: folds the committed events above `rolled_through` into the
 * rollups, chunk by chunk. Several instances may call it at once: one works,
 * the others return at once (advisory lock).
 */
export async function rollUpAnalytics(db: DB, options: RollupOptions = {}): Promise<RollupResult> {
  const chunk = options.chunk ?? DEFAULT_CHUNK;
  const rebuildAbove = options.rebuildAbove ?? DEFAULT_REBUILD_ABOVE;
  const bound = await completeBound(db);
  if (bound === undefined) return { rolled: 0, rolledThrough: undefined };
  let rolled = 0;
  let rolledThrough: number | undefined;
  for (let chunks = 0; chunks < (options.maxChunks ?? Infinity); chunks += 1) {
    const step = await db.transaction().execute(async (trx) => {
      const locked = await sql<{ locked: boolean }>`
        select pg_try_advisory_xact_lock(${ROLLUP_LOCK}) as locked
      `.execute(trx);
      if (!locked.rows[0]?.locked) return undefined;
      const from = await lockRollupState(trx);
      if (bound <= from) return { from, to: from, events: 0 };
      if (bound - from > rebuildAbove) {
        await sql`set local statement_timeout = 0`.execute(trx);
        await sql`select analytics_rollups_rebuild(${bound}::bigint)`.execute(trx);
        return { from, to: bound, events: bound - from };
      }
      const to = Math.min(bound, from + chunk);
      await stagingTables(trx);
      const staged = await sql<{ events: number }>`
        with staged as (
          insert into analytics_rollup_delta
            (sign, type, path, session_id, hour, referrer_host, step_number)
          select 1, type, path, session_id, ${HOUR_OF('occurred_at')}, referrer_host, step_number
          from analytics_events where id > ${from} and id <= ${to}
          returning 1
        )
        select count(*)::int as events from staged
      `.execute(trx);
      const events = staged.rows[0]?.events ?? 0;
      if (events > 0) await applyDelta(trx, { analyse: events > 1_000 });
      await sql`
        update analytics_rollup_state set rolled_through = ${to}, rolled_at = now()
      `.execute(trx);
      return { from, to, events };
    });
    if (!step) break;
    rolled += step.events;
    rolledThrough = step.to;
    if (step.to >= bound) break;
  }
  return { rolled, rolledThrough };
}

/**
 * Rebuilds every rollup from the raw events (the SQL function
 * analytics_rollups_rebuild of migration 025, which plain SQL can call too:
 * `select analytics_rollups_rebuild()`). New events wait while it runs.
 * Returns the id it rolled through.
 */
export async function rebuildAnalyticsRollups(db: DB): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`set local statement_timeout = 0`.execute(trx);
    const result = await sql<{ through: number }>`
      select analytics_rollups_rebuild() as through
    `.execute(trx);
    return Number(result.rows[0]?.through ?? 0);
  });
}
