import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/** One statement per query: the embedded database's driver takes a single statement per call. */
async function runStatements(db: Kysely<unknown>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    // The admin sorts the waitlist by name and company; case-insensitive, with id as tie-breaker.
    // (Sorting by email uses the unique index on lower(email).)
    `create index waitlist_entries_first_name_idx on waitlist_entries (lower(first_name), id)`,
    `create index waitlist_entries_last_name_idx on waitlist_entries (lower(last_name), id)`,
    `create index waitlist_entries_company_name_idx on waitlist_entries (lower(company_name), id)`,

    // Mail headers fixed at enqueue time (List-Unsubscribe on broadcast mail).
    `alter table email_outbox add column headers jsonb not null default '[]'`,
    // Identifies the worker's claim, so a worker whose lease ran out cannot overwrite a newer claim.
    `alter table email_outbox add column lease_token uuid`,
    // Set when an attempt ended without a clear answer (timeout, lost connection, crashed worker):
    // before sending again, the worker asks the provider whether the message went out.
    `alter table email_outbox add column delivery_uncertain boolean not null default false`,
    `create index email_outbox_status_created_at_idx on email_outbox (status, created_at desc)`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `drop index email_outbox_status_created_at_idx`,
    `alter table email_outbox drop column delivery_uncertain`,
    `alter table email_outbox drop column lease_token`,
    `alter table email_outbox drop column headers`,
    `drop index waitlist_entries_company_name_idx`,
    `drop index waitlist_entries_last_name_idx`,
    `drop index waitlist_entries_first_name_idx`,
  ]);
}
