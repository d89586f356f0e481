import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

async function runStatements(db: Kysely<unknown>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/*
 * Bulk sends start as a dry run (issue 12): the run keeps who will receive the
 * mail and who is skipped and why; confirming sends to exactly that list, once.
 * Each message of the send points back at its run, for per-recipient results.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table bulk_send_runs (
      id uuid primary key default gen_random_uuid(),
      template_id text not null,
      content jsonb not null default '{}',
      recipient_ids uuid[] not null,
      skipped jsonb not null default '[]',
      send_at timestamptz,
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      confirmed_at timestamptz
    )`,
    `alter table email_outbox add column bulk_send_id uuid references bulk_send_runs (id) on delete set null`,
    `create index email_outbox_bulk_send_id_idx on email_outbox (bulk_send_id) where bulk_send_id is not null`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `drop index email_outbox_bulk_send_id_idx`,
    `alter table email_outbox drop column bulk_send_id`,
    `drop table bulk_send_runs`,
  ]);
}
