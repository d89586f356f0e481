import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

async function runStatements(db: Kysely<unknown>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/** Counter rows each (day, source) is spread over, as waitlist_stats (migration 006). */
const COUNT_SLOTS = 16;

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
  return `insert into waitlist_source_counts (day, source, slot, entries)
      select (t.created_at at time zone 'UTC')::date, ${SOURCE}, pg_backend_pid() % ${COUNT_SLOTS},
             ${sign}count(*)
      from ${rows} as t
      group by 1, 2
      order by 1, 2
    on conflict (day, source, slot) do update
      set entries = waitlist_source_counts.entries + excluded.entries;`;
}

/*
 * A launch that goes viral (issue 32): the "sources" breakdown grouped every
 * entry of the last weeks with a regular expression per row (1,022 ms at a
 * million entries). The counts per UTC day and source are kept by statement
 * triggers instead (one upsert per statement, spread over 16 slots by backend
 * like the waitlist total), and the breakdown sums a few hundred rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table waitlist_source_counts (
      day date not null,
      source text not null,
      slot smallint not null check (slot >= 0 and slot < ${COUNT_SLOTS}),
      entries bigint not null,
      primary key (day, source, slot)
    )`,
    // No signup may slip between the count and the triggers.
    `lock table waitlist_entries in share row exclusive mode`,
    `insert into waitlist_source_counts (day, source, slot, entries)
      select (t.created_at at time zone 'UTC')::date, ${SOURCE}, 0, count(*)
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
        insert into waitlist_source_counts (day, source, slot, entries)
          select (t.created_at at time zone 'UTC')::date, ${SOURCE}, pg_backend_pid() % ${COUNT_SLOTS},
                 sum(t.change)
          from (select old.created_at, old.utm_source, old.referrer, -1 as change
                union all
                select new.created_at, new.utm_source, new.referrer, 1) as t
          group by 1, 2
          order by 1, 2
        on conflict (day, source, slot) do update
          set entries = waitlist_source_counts.entries + excluded.entries;
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
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `drop trigger waitlist_source_counts_truncate on waitlist_entries`,
    `drop trigger waitlist_source_counts_update on waitlist_entries`,
    `drop trigger waitlist_source_counts_delete on waitlist_entries`,
    `drop trigger waitlist_source_counts_insert on waitlist_entries`,
    `drop function waitlist_source_counts_after_truncate()`,
    `drop function waitlist_source_counts_after_update()`,
    `drop function waitlist_source_counts_after_delete()`,
    `drop function waitlist_source_counts_after_insert()`,
    `drop table waitlist_source_counts`,
  ]);
}
