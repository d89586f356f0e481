import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

async function runStatements(db: Kysely<unknown>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/*
 * Issue 19: an invite code brought with a signup waits for the address to be
 * confirmed. The entry keeps which code it brought; the code's use is taken
 * (and its effect given) only by the confirmation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table waitlist_entries add column pending_invite_code_id uuid references invite_codes (id) on delete set null`,
    `create index waitlist_entries_pending_invite_code_idx on waitlist_entries (pending_invite_code_id) where pending_invite_code_id is not null`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `drop index waitlist_entries_pending_invite_code_idx`,
    `alter table waitlist_entries drop column pending_invite_code_id`,
  ]);
}
