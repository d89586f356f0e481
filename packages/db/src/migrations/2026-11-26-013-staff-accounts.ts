import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

async function runStatements(db: Kysely<unknown>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/*
 * Issue 19 (staff accounts cannot be hijacked or minted).
 *
 * A pending account has no password: whoever proves the mailbox sets it when
 * opening the emailed link, so a stranger who registered someone else's address
 * first holds nothing. Passwords typed at registration by pending accounts that
 * exist before this migration are forgotten.
 *
 * The console could disable a pending account and enable it again, which made it
 * active without its address ever being confirmed. Registrations that were
 * pending and are disabled (never confirmed) become pending again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table users alter column password_hash drop not null`,
    `update users set status = 'pending', disabled_at = null
      where status = 'disabled' and email_verified_at is null
        and exists (
          select 1 from audit_log a
          where a.action = 'account.register' and a.target_id = users.id::text
            and a.details ->> 'status' = 'pending')`,
    `update users set password_hash = null where status = 'pending'`,
    `alter table users add constraint users_pending_has_no_password
      check ((status = 'pending') = (password_hash is null))`,
    // The daily purge of registrations nobody confirmed.
    `create index users_pending_created_at_idx on users (created_at) where status = 'pending'`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `drop index users_pending_created_at_idx`,
    `alter table users drop constraint users_pending_has_no_password`,
    // Not a hash: no password matches it.
    `update users set password_hash = '!' where password_hash is null`,
    `alter table users alter column password_hash set not null`,
  ]);
}
