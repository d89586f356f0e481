import type { DB } from '@repo/db';
import { type RawBuilder, sql } from 'kysely';

/**
 * A period of the dashboard: `from` (a UTC midnight, inclusive) to `to`
 * (exclusive: the end of `lastDay`, or now), `firstDay`..`lastDay` its UTC days.
 */
interface AnalyticsPeriod {
  from: Date;
  to: Date;
  firstDay: string;
  lastDay: string;
}

/**
 * Everything the dashboard reads about site traffic (issue 32): the one seam
 * between the dashboard and where analytics are kept. The PostgreSQL reader
 * below answers from hourly rollups plus the raw events not rolled up yet; a
 * column store (ClickHouse) would be another implementation of this interface
 * (docs/scaling.md, "Analytics at scale").
 */
export interface AnalyticsReader {
  /** Page views per UTC day of the period, every day listed (zeros included). */
  pageViewsPerDay(period: AnalyticsPeriod): Promise<{ date: string; views: number }[]>;
  /** The most viewed paths, ties by path. */
  topPages(period: AnalyticsPeriod, limit: number): Promise<{ path: string; views: number }[]>;
  /** Referrer hosts by distinct sessions with a page view from them, ties by host. */
  topReferrers(
    period: AnalyticsPeriod,
    limit: number,
  ): Promise<{ referrer: string; visits: number }[]>;
  /** Distinct sessions that completed each waitlist step (by step number). */
  sessionsPerWaitlistStep(period: AnalyticsPeriod): Promise<Map<number, number>>;
  /** Page views, distinct sessions with a page view, and feature engagement events. */
  traffic(
    period: AnalyticsPeriod,
  ): Promise<{ pageViews: number; visitors: number; featureEngagement: number }>;
  /** Feature engagement events ever recorded. */
  featureEngagementAllTime(): Promise<number>;
}

const HOUR_MS = 3_600_000;

/** A period's hours read from the rollups: [from, hoursEnd); the rest of it comes raw. */
interface Split {
  from: Date;
  to: Date;
  hoursEnd: Date;
}
const DAY_MS = 24 * HOUR_MS;

/** The columns of a raw event that the figures use. */
const RAW_COLUMNS = sql.raw('occurred_at, type, path, session_id, referrer_host, step_number');

type DistinctKind = 'visitor' | 'referrer' | 'step';

const DISTINCT_OF: Record<DistinctKind, { key: RawBuilder<string>; events: RawBuilder<boolean> }> =
  {
    visitor: { key: sql`''`, events: sql`type = 'page_view'` },
    referrer: { key: sql`referrer_host`, events: sql`type = 'page_view'` },
    step: {
      key: sql`step_number::text`,
      events: sql`type = 'waitlist_step_completed' and step_number is not null`,
    },
  };

/**
 * Reads from the rollups (migration 025) inside one snapshot. A period splits in
 * two: its hours [from, hoursEnd) come from the rollups for the events with
 * id <= rolledThrough and from the raw table for the few above it (through the
 * primary key); the rest of its last hour, [hoursEnd, to), when that hour holds
 * rolled-up events after `to` (a previous period cut at this time of day),
 * comes from the raw table alone (through the occurred_at indexes). Every event
 * of the period is counted once, and an event ingested a moment ago is there.
 */
class PostgresAnalyticsReader implements AnalyticsReader {
  constructor(
    private readonly db: DB,
    private readonly rolledThrough: number,
  ) {}

  private readonly splits = new Map<string, Promise<Split>>();

  /**
   * Where the period splits between rollups and raw events: the rollups hold
   * its hours [from, hoursEnd) for the events with id <= rolledThrough. The hour
   * `to` falls in counts as whole when no rolled-up event of it is at or after
   * `to` (the usual case: `to` is now, and nothing has happened later yet);
   * else it is read from the raw events.
   */
  private split(period: AnalyticsPeriod): Promise<Split> {
    const key = `${period.from.toISOString()}/${period.to.toISOString()}`;
    let split = this.splits.get(key);
    if (!split) {
      split = this.computeSplit(period);
      this.splits.set(key, split);
    }
    return split;
  }

  private async computeSplit({ from, to }: AnalyticsPeriod): Promise<Split> {
    if (from.getTime() % DAY_MS !== 0)
      throw new Error('An analytics period starts at midnight UTC');
    const hourStart = Math.max(from.getTime(), Math.floor(to.getTime() / HOUR_MS) * HOUR_MS);
    if (hourStart === to.getTime()) return { from, to, hoursEnd: to };
    const hourEnd = new Date(hourStart + HOUR_MS);
    const later = await sql<{ later: boolean }>`
      select exists (
        select 1 from analytics_events
        where occurred_at >= ${to} and occurred_at < ${hourEnd} and id <= ${this.rolledThrough}
      ) as later
    `.execute(this.db);
    return { from, to, hoursEnd: later.rows[0]?.later ? new Date(hourStart) : hourEnd };
  }

  /** The raw events of the period that the rollups do not hold, as a subquery. */
  private async raw(period: AnalyticsPeriod, events: RawBuilder<boolean>) {
    const { from, to, hoursEnd } = await this.split(period);
    const tailEnd = hoursEnd < to ? hoursEnd : to;
    return sql`(
      select ${RAW_COLUMNS} from analytics_events
      where ${events} and id > ${this.rolledThrough}
        and occurred_at >= ${from} and occurred_at < ${tailEnd}
      union all
      select ${RAW_COLUMNS} from analytics_events
      where ${events} and occurred_at >= ${hoursEnd} and occurred_at < ${to}
    )`;
  }

  /**
   * Rolled-up counts of the period's hours, as a subquery (type, day, path,
   * events): its whole days from the daily rollups, the hours of its last day
   * from the hourly ones.
   */
  private async rolled(period: AnalyticsPeriod, types: string[]) {
    const { hoursEnd } = await this.split(period);
    const daysEnd = new Date(Math.floor(hoursEnd.getTime() / DAY_MS) * DAY_MS);
    return sql`(
      select type, day, path, events from analytics_daily_rollups
      where type = any(${types}::text[])
        and day >= ${period.firstDay}::date and day < (${daysEnd}::timestamptz at time zone 'UTC')::date
      union all
      select type, (hour at time zone 'UTC')::date, path, events from analytics_rollups
      where type = any(${types}::text[]) and hour >= ${daysEnd} and hour < ${hoursEnd}
    )`;
  }

  /** Distinct sessions per key of a kind (see migration 025 for why the sum is exact). */
  private async distinct(period: AnalyticsPeriod, kind: DistinctKind, limit?: number) {
    const { from, hoursEnd } = await this.split(period);
    const { key, events } = DISTINCT_OF[kind];
    const result = await sql<{ key: string; sessions: number }>`
      with rolled as (
        select key, sum(sessions) as n from analytics_distinct_rollups
        where kind = ${kind} and hour >= ${from} and hour < ${hoursEnd}
          and since < ${period.firstDay}::date
        group by key
      ), fresh as (
        select distinct ${key} as key, session_id from ${await this.raw(period, events)} as r
      ), unseen as (
        select f.key, count(*) as n from fresh f
        where not exists (
          select 1 from analytics_session_hours s
          where s.kind = ${kind} and md5(s.key) = md5(f.key) and s.key = f.key
            and s.session_id = f.session_id and s.hour >= ${from} and s.hour < ${hoursEnd}
        )
        group by f.key
      )
      select key, sum(n)::int as sessions
      from (select key, n from rolled union all select key, n from unseen) as counted
      group by key
      order by sessions desc, key
      ${limit === undefined ? sql`` : sql`limit ${limit}`}
    `.execute(this.db);
    return result.rows;
  }

  async pageViewsPerDay(period: AnalyticsPeriod) {
    const result = await sql<{ date: string; views: number }>`
      with counted as (
        select day, events from ${await this.rolled(period, ['page_view'])} as rolled
        union all
        select (occurred_at at time zone 'UTC')::date, 1
        from ${await this.raw(period, sql`type = 'page_view'`)} as r
      ), views as (
        select day, sum(events)::int as views from counted group by day
      )
      select to_char(day, 'YYYY-MM-DD') as date, coalesce(views.views, 0) as views
      from generate_series(${period.firstDay}::date, ${period.lastDay}::date, interval '1 day')
        as series(day)
      left join views using (day)
      order by day
    `.execute(this.db);
    return result.rows;
  }

  async topPages(period: AnalyticsPeriod, limit: number) {
    const result = await sql<{ path: string; views: number }>`
      select path, sum(events)::int as views from (
        select path, events from ${await this.rolled(period, ['page_view'])} as rolled
        union all
        select path, 1 from ${await this.raw(period, sql`type = 'page_view'`)} as r
      ) as counted
      group by path
      order by views desc, path
      limit ${limit}
    `.execute(this.db);
    return result.rows;
  }

  async topReferrers(period: AnalyticsPeriod, limit: number) {
    const rows = await this.distinct(period, 'referrer', limit);
    return rows.map((row) => ({ referrer: row.key, visits: row.sessions }));
  }

  async sessionsPerWaitlistStep(period: AnalyticsPeriod) {
    const rows = await this.distinct(period, 'step');
    return new Map(rows.map((row) => [Number(row.key), row.sessions]));
  }

  async traffic(period: AnalyticsPeriod) {
    const types = ['page_view', 'feature_engagement'];
    const counts = await sql<{ type: string; events: number }>`
      select type, sum(events)::int as events from (
        select type, events from ${await this.rolled(period, types)} as rolled
        union all
        select type, 1 from ${await this.raw(period, sql`type = any(${types}::text[])`)} as r
      ) as counted
      group by type
    `.execute(this.db);
    const byType = new Map(counts.rows.map((row) => [row.type, row.events]));
    const visitors = await this.distinct(period, 'visitor');
    return {
      pageViews: byType.get('page_view') ?? 0,
      visitors: visitors[0]?.sessions ?? 0,
      featureEngagement: byType.get('feature_engagement') ?? 0,
    };
  }

  async featureEngagementAllTime() {
    const result = await sql<{ events: number }>`
      select ((select coalesce(sum(events), 0) from analytics_daily_rollups
                where type = 'feature_engagement')
              + (select count(*) from analytics_events
                  where type = 'feature_engagement' and id > ${this.rolledThrough}))::int as events
    `.execute(this.db);
    return result.rows[0]?.events ?? 0;
  }
}

/**
 * Runs `read` against one consistent snapshot of the analytics (a read-only,
 * repeatable-read transaction): the rollups and the raw events above
 * `rolled_through` are seen at the same instant, so a chunk rolled up meanwhile
 * is counted once.
 */
export async function readAnalytics<T>(
  db: DB,
  read: (reader: AnalyticsReader) => Promise<T>,
): Promise<T> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      await sql`set transaction read only`.execute(trx);
      const state = await sql<{ rolledThrough: number }>`
        select rolled_through as "rolledThrough" from analytics_rollup_state
      `.execute(trx);
      return read(new PostgresAnalyticsReader(trx, Number(state.rows[0]?.rolledThrough ?? 0)));
    });
}
