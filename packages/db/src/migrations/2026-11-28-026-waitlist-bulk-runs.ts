import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

async function runStatements(db: Kysely<unknown>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/*
 * Bulk actions on the waitlist (issue 32).
 *
 * A run is who asked for what on which selection, with its counts; its items are
 * the people it acts on, in the order it takes them (queue order for an approval),
 * each with its outcome once acted on. An item's outcome is written in the
 * transaction of its action, so a run resumed after a crash, or two workers on
 * one run, never act on anyone twice. The items name entries by id only (no
 * foreign key: a deleted entry's item stays, and says it was deleted), so a run
 * keeps no personal data of its own.
 *
 * `lease_until`: the worker processing a run holds it until then and renews it as
 * it goes; a run whose lease lapsed (its API stopped) is taken up again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table waitlist_bulk_runs (
      id uuid primary key default gen_random_uuid(),
      action text not null check (action in ('approve', 'hang-tight', 'delete')),
      selection jsonb not null,
      actor jsonb not null,
      created_by uuid references users (id) on delete set null,
      state text not null default 'running' check (state in ('running', 'finished')),
      total integer not null default 0,
      done integer not null default 0,
      skipped integer not null default 0,
      failed integer not null default 0,
      lease_until timestamptz,
      created_at timestamptz not null default now(),
      finished_at timestamptz,
      constraint waitlist_bulk_runs_finished check ((state = 'finished') = (finished_at is not null))
    )`,
    `create index waitlist_bulk_runs_running_idx on waitlist_bulk_runs (created_at) where state = 'running'`,
    `create table waitlist_bulk_run_items (
      run_id uuid not null references waitlist_bulk_runs (id) on delete cascade,
      ordinal integer not null,
      entry_id uuid not null,
      outcome text check (outcome in ('done', 'skipped', 'failed')),
      reason text,
      primary key (run_id, ordinal),
      unique (run_id, entry_id)
    )`,
    `create index waitlist_bulk_run_items_pending_idx on waitlist_bulk_run_items (run_id, ordinal) where outcome is null`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [`drop table waitlist_bulk_run_items`, `drop table waitlist_bulk_runs`]);
}
