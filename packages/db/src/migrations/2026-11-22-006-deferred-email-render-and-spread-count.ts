import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

async function runStatements(db: Kysely<unknown>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/** Counter rows the waitlist total is spread over; a signup touches the one of its connection. */
const COUNT_SLOTS = 16;

/*
 * Reliability under load (issue 9):
 * - A public signup no longer renders its email inside the request: the outbox
 *   row keeps the template data and the worker renders it before sending.
 * - The trigger-kept waitlist total was one row that every signup updated, so
 *   concurrent signups queued on its lock until commit. It is now spread over
 *   16 rows (one per backend, by pid) and read as their sum.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table email_outbox add column template_data jsonb`,
    `alter table email_outbox alter column html_body drop not null`,
    `alter table email_outbox alter column text_body drop not null`,
    `alter table email_outbox add constraint email_outbox_rendered_or_data
      check (html_body is not null and text_body is not null or template_data is not null)`,
    `create index email_outbox_unrendered_idx on email_outbox (created_at) where html_body is null`,

    `lock table waitlist_entries in share row exclusive mode`,
    `alter table waitlist_stats drop constraint waitlist_stats_pkey`,
    `alter table waitlist_stats drop column singleton`,
    `alter table waitlist_stats drop constraint if exists waitlist_stats_entries_check`,
    `alter table waitlist_stats add column slot smallint not null default 0
      check (slot >= 0 and slot < ${COUNT_SLOTS})`,
    `alter table waitlist_stats add primary key (slot)`,
    `insert into waitlist_stats (slot, entries)
      select slot, 0 from generate_series(1, ${COUNT_SLOTS - 1}) as slot`,
    `create or replace function waitlist_stats_after_insert() returns trigger language plpgsql as $$
      begin
        update waitlist_stats set entries = entries + (select count(*) from inserted_rows)
          where slot = pg_backend_pid() % ${COUNT_SLOTS};
        return null;
      end
    $$`,
    `create or replace function waitlist_stats_after_delete() returns trigger language plpgsql as $$
      begin
        update waitlist_stats set entries = entries - (select count(*) from deleted_rows)
          where slot = pg_backend_pid() % ${COUNT_SLOTS};
        return null;
      end
    $$`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `lock table waitlist_entries in share row exclusive mode`,
    `create or replace function waitlist_stats_after_insert() returns trigger language plpgsql as $$
      begin
        update waitlist_stats set entries = entries + (select count(*) from inserted_rows);
        return null;
      end
    $$`,
    `create or replace function waitlist_stats_after_delete() returns trigger language plpgsql as $$
      begin
        update waitlist_stats set entries = entries - (select count(*) from deleted_rows);
        return null;
      end
    $$`,
    `update waitlist_stats set entries = (select sum(entries) from waitlist_stats) where slot = 0`,
    `delete from waitlist_stats where slot <> 0`,
    `alter table waitlist_stats drop constraint waitlist_stats_pkey`,
    `alter table waitlist_stats drop column slot`,
    `alter table waitlist_stats add column singleton boolean primary key default true check (singleton)`,
    `alter table waitlist_stats add constraint waitlist_stats_entries_check check (entries >= 0)`,
    `drop index email_outbox_unrendered_idx`,
    `alter table email_outbox drop constraint email_outbox_rendered_or_data`,
    `delete from email_outbox where html_body is null`,
    `alter table email_outbox alter column text_body set not null`,
    `alter table email_outbox alter column html_body set not null`,
    `alter table email_outbox drop column template_data`,
  ]);
}
