import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

async function runStatements(db: Kysely<unknown>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/*
 * Saved views (issue 32): a staff member's named address state of a console list
 * (columns, sort, filters, search), kept as the JSON object of its address keys.
 *
 * A view is its account's own (`user_id`, deleted with a pending account). Names
 * are unique per account and list whatever their case, decided by the unique
 * index (two tabs saving the same name at once: one 409). The per-account cap is
 * counted under a lock of the account's row (apps/api/src/saved-views).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table saved_views (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      list text not null,
      name text not null,
      state jsonb not null,
      created_at timestamptz not null default now(),
      constraint saved_views_name_length check (char_length(name) between 1 and 60),
      constraint saved_views_state_object check (jsonb_typeof(state) = 'object')
    )`,
    `create unique index saved_views_name_key on saved_views (user_id, list, lower(name))`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [`drop table saved_views`]);
}
