import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

async function runStatements(db: Kysely<unknown>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/** The text the admin's waitlist search looks in; the query must repeat it exactly. */
const SEARCH_TEXT = `lower(email || ' ' || first_name || ' ' || last_name || ' ' || company_name)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    // Substring search ('%ada%') on 100,000 entries: a trigram index instead of a full scan.
    // (The embedded database loads the pg_trgm extension when it opens.)
    `create extension if not exists pg_trgm`,
    `create index waitlist_entries_search_idx on waitlist_entries using gin ((${SEARCH_TEXT}) gin_trgm_ops)`,

    // The unfiltered total of the admin list, kept exact by triggers, so that it
    // costs one row read instead of counting the table on every page.
    `create table waitlist_stats (
      singleton boolean primary key default true check (singleton),
      entries bigint not null check (entries >= 0)
    )`,
    // No signup may slip between the count and the triggers.
    `lock table waitlist_entries in share row exclusive mode`,
    `insert into waitlist_stats (entries) select count(*) from waitlist_entries`,
    `create function waitlist_stats_after_insert() returns trigger language plpgsql as $$
      begin
        update waitlist_stats set entries = entries + (select count(*) from inserted_rows);
        return null;
      end
    $$`,
    `create function waitlist_stats_after_delete() returns trigger language plpgsql as $$
      begin
        update waitlist_stats set entries = entries - (select count(*) from deleted_rows);
        return null;
      end
    $$`,
    `create function waitlist_stats_after_truncate() returns trigger language plpgsql as $$
      begin
        update waitlist_stats set entries = 0;
        return null;
      end
    $$`,
    `create trigger waitlist_stats_insert after insert on waitlist_entries
      referencing new table as inserted_rows
      for each statement execute function waitlist_stats_after_insert()`,
    `create trigger waitlist_stats_delete after delete on waitlist_entries
      referencing old table as deleted_rows
      for each statement execute function waitlist_stats_after_delete()`,
    `create trigger waitlist_stats_truncate after truncate on waitlist_entries
      for each statement execute function waitlist_stats_after_truncate()`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `drop trigger waitlist_stats_truncate on waitlist_entries`,
    `drop trigger waitlist_stats_delete on waitlist_entries`,
    `drop trigger waitlist_stats_insert on waitlist_entries`,
    `drop function waitlist_stats_after_truncate()`,
    `drop function waitlist_stats_after_delete()`,
    `drop function waitlist_stats_after_insert()`,
    `drop table waitlist_stats`,
    `drop index waitlist_entries_search_idx`,
  ]);
}
