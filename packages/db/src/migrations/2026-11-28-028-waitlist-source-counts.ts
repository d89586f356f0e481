import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

async function runStatements(db: Kysely<unknown>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/**
 * A signup's source (the console's "sources" breakdown, issue 18): its
 * utm_source, else the external referrer's host, else 'direct'. Over a
 * transition table `t`.
 */
const SOURCE = `coalesce(
  nullif(lower(t.utm_source), ''),
  nullif(lower(substring(t.referrer from '^[a-z][a-z0-9+.-]*://(?:www\\.)?([^/:?#]+)')), ''),
  'direct'
)`;

/** Adds `sign` × the rows of transition table `rows`, per UTC day and source, to the counters. */
function countInto(rows: string, sign: '+' | '-'): string {
  return `insert into waitlist_source_counts (day, source, entries)
      select (t.created_at at time zone 'UTC')::date, ${SOURCE}, ${sign}count(*)
      from ${rows} as t
      group by 1, 2;`;
}

/*
 * A launch that goes viral (issue 32): the "sources" breakdown grouped every
 * entry of the last weeks with a regular expression per row (1,022 ms at a
 * million entries). The counts per UTC day and source are kept by statement
 * triggers instead, and the breakdown sums a few hundred rows.
 *
 * Both counter tables of issue 32 (this one and waitlist_queue_buckets, migration
 * 024) are append-only: a writer inserts its changes and never updates a shared
 * row, so concurrent signups neither queue on a counter's lock nor deadlock by
 * taking two counters in opposite orders. waitlist_counts_fold(), run by the API
 * every few seconds under an advisory lock, sums each key's rows into one; a
 * reader sums whatever rows there are, so it is exact before and after.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table waitlist_source_counts (
      day date not null,
      source text not null,
      entries bigint not null
    )`,
    `create index waitlist_source_counts_day_idx on waitlist_source_counts (day)`,
    // The console's list sorted by referrals (most first, then the oldest): at a
    // million entries that sort read the whole table (206 ms); this index serves it.
    `create index waitlist_entries_referrals_idx
      on waitlist_entries (referral_count desc, created_at, id)`,
    // No signup may slip between the count and the triggers.
    `lock table waitlist_entries in share row exclusive mode`,
    `insert into waitlist_source_counts (day, source, entries)
      select (t.created_at at time zone 'UTC')::date, ${SOURCE}, count(*)
      from waitlist_entries as t
      group by 1, 2`,
    `create function waitlist_source_counts_after_insert() returns trigger language plpgsql as $$
      begin
        ${countInto('inserted_rows', '+')}
        return null;
      end
    $$`,
    `create function waitlist_source_counts_after_delete() returns trigger language plpgsql as $$
      begin
        ${countInto('deleted_rows', '-')}
        return null;
      end
    $$`,
    // Row by row, and only for an update that moves an entry to another day or
    // source (the first touch is written once at signup; an operator or a bench
    // may still rewrite it): confirmations and referral counts never fire it.
    `create function waitlist_source_counts_after_update() returns trigger language plpgsql as $$
      begin
        insert into waitlist_source_counts (day, source, entries)
          select (t.created_at at time zone 'UTC')::date, ${SOURCE}, sum(t.change)
          from (select old.created_at, old.utm_source, old.referrer, -1 as change
                union all
                select new.created_at, new.utm_source, new.referrer, 1) as t
          group by 1, 2;
        return null;
      end
    $$`,
    `create function waitlist_source_counts_after_truncate() returns trigger language plpgsql as $$
      begin
        delete from waitlist_source_counts;
        return null;
      end
    $$`,
    `create trigger waitlist_source_counts_insert after insert on waitlist_entries
      referencing new table as inserted_rows
      for each statement execute function waitlist_source_counts_after_insert()`,
    `create trigger waitlist_source_counts_delete after delete on waitlist_entries
      referencing old table as deleted_rows
      for each statement execute function waitlist_source_counts_after_delete()`,
    `create trigger waitlist_source_counts_update
      after update of created_at, utm_source, referrer on waitlist_entries
      for each row
      when ((old.created_at, old.utm_source, old.referrer)
            is distinct from (new.created_at, new.utm_source, new.referrer))
      execute function waitlist_source_counts_after_update()`,
    `create trigger waitlist_source_counts_truncate after truncate on waitlist_entries
      for each statement execute function waitlist_source_counts_after_truncate()`,
    // Each statement deletes the rows its snapshot sees of every key with more
    // than one row (or none left) and inserts their sums:
    // readers see the rows before or after, the same totals; changes inserted
    // meanwhile are not in its snapshot and stay for the next fold. Returns the
    // number of rows folded away.
    `create function waitlist_counts_fold() returns bigint language plpgsql as $$
      declare
        folded bigint := 0;
        n bigint;
      begin
        with gone as (delete from waitlist_queue_buckets
                      where bucket in (select bucket from waitlist_queue_buckets
                                       group by bucket having count(*) > 1 or sum(entries) = 0)
                      returning bucket, entries),
        kept as (insert into waitlist_queue_buckets (bucket, entries)
                 select bucket, sum(entries) from gone group by bucket having sum(entries) <> 0
                 returning 1)
        select (select count(*) from gone) - (select count(*) from kept) into n;
        folded := folded + n;
        with gone as (delete from waitlist_source_counts
                      where (day, source) in (select day, source from waitlist_source_counts
                                              group by day, source
                                              having count(*) > 1 or sum(entries) = 0)
                      returning day, source, entries),
        kept as (insert into waitlist_source_counts (day, source, entries)
                 select day, source, sum(entries) from gone group by day, source
                 having sum(entries) <> 0
                 returning 1)
        select (select count(*) from gone) - (select count(*) from kept) into n;
        return folded + n;
      end
    $$`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `drop function waitlist_counts_fold()`,
    `drop trigger waitlist_source_counts_truncate on waitlist_entries`,
    `drop trigger waitlist_source_counts_update on waitlist_entries`,
    `drop trigger waitlist_source_counts_delete on waitlist_entries`,
    `drop trigger waitlist_source_counts_insert on waitlist_entries`,
    `drop function waitlist_source_counts_after_truncate()`,
    `drop function waitlist_source_counts_after_update()`,
    `drop function waitlist_source_counts_after_delete()`,
    `drop function waitlist_source_counts_after_insert()`,
    `drop index waitlist_entries_referrals_idx`,
    `drop table waitlist_source_counts`,
  ]);
}
