import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

async function runStatements(db: Kysely<unknown>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/*
 * Importing a waitlist from a CSV file (issue 34).
 *
 * A run is one uploaded file: its bytes are kept in chunks of about a megabyte
 * (waitlist_import_chunks) so that any API instance can read them again, from the
 * start, as a stream: a dry run, the import, and an import resumed by another
 * instance after its API stopped (`lease_until`, as the bulk runs of migration 026).
 * The chunks are deleted when the import finishes (or the upload is abandoned):
 * the file's personal data is not kept beside the entries made from it.
 *
 * `processed_rows` is the number of data rows the import has gone through; it is
 * written in the transaction of each batch's inserts, so a resumed import starts
 * exactly after the last committed batch.
 *
 * Another tool's export may lack a name, a company or a use case (the form
 * requires them; only the email address is required of an import): the checks
 * of migration 001 now also take an empty value (unknown), never a one-letter one.
 *
 * waitlist_entries.import_run_id names the run that made an entry: an undo deletes
 * exactly those. The index is partial: entries that came through the form (nearly
 * all) are not in it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table waitlist_import_runs (
      id uuid primary key default gen_random_uuid(),
      file_name text not null,
      bytes bigint not null default 0,
      header jsonb not null default '[]',
      mapping jsonb,
      confirm_all boolean not null default false,
      actor jsonb not null,
      created_by uuid references users (id) on delete set null,
      state text not null default 'uploading'
        check (state in ('uploading', 'uploaded', 'importing', 'finished', 'failed', 'undone')),
      total_rows integer,
      processed_rows integer not null default 0,
      imported integer not null default 0,
      mails_queued integer not null default 0,
      problems jsonb not null default '{}',
      error text,
      lease_until timestamptz,
      created_at timestamptz not null default now(),
      started_at timestamptz,
      finished_at timestamptz,
      undone_at timestamptz
    )`,
    `create index waitlist_import_runs_importing_idx on waitlist_import_runs (created_at) where state = 'importing'`,
    `create table waitlist_import_chunks (
      run_id uuid not null references waitlist_import_runs (id) on delete cascade,
      ordinal integer not null,
      data bytea not null,
      primary key (run_id, ordinal)
    )`,
    `alter table waitlist_entries add column import_run_id uuid
      references waitlist_import_runs (id) on delete set null`,
    `alter table waitlist_entries
      drop constraint waitlist_entries_first_name_check,
      drop constraint waitlist_entries_last_name_check,
      drop constraint waitlist_entries_company_name_check,
      drop constraint waitlist_entries_primary_use_check,
      add constraint waitlist_entries_first_name_check
        check (first_name = '' or length(first_name) >= 2),
      add constraint waitlist_entries_last_name_check
        check (last_name = '' or length(last_name) >= 2),
      add constraint waitlist_entries_company_name_check
        check (company_name = '' or length(company_name) >= 2),
      add constraint waitlist_entries_primary_use_check check (primary_use in ('',
        'Content Marketing','Social Media Management','Blog Writing','Email Campaigns',
        'Product Descriptions','Technical Documentation','Educational Content','Other'))`,
    `create index waitlist_entries_import_run_idx on waitlist_entries (import_run_id)
      where import_run_id is not null`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `drop index waitlist_entries_import_run_idx`,
    `alter table waitlist_entries drop column import_run_id`,
    `delete from waitlist_entries where first_name = '' or last_name = '' or company_name = ''
      or primary_use = ''`,
    `alter table waitlist_entries
      drop constraint waitlist_entries_first_name_check,
      drop constraint waitlist_entries_last_name_check,
      drop constraint waitlist_entries_company_name_check,
      drop constraint waitlist_entries_primary_use_check,
      add constraint waitlist_entries_first_name_check check (length(first_name) >= 2),
      add constraint waitlist_entries_last_name_check check (length(last_name) >= 2),
      add constraint waitlist_entries_company_name_check check (length(company_name) >= 2),
      add constraint waitlist_entries_primary_use_check check (primary_use in (
        'Content Marketing','Social Media Management','Blog Writing','Email Campaigns',
        'Product Descriptions','Technical Documentation','Educational Content','Other'))`,
    `drop table waitlist_import_chunks`,
    `drop table waitlist_import_runs`,
  ]);
}
