import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

async function runStatements(db: Kysely<unknown>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/*
 * Staff invitations can be revoked (issue 31): by hand from the Staff tab, and
 * when the inviting account is disabled or loses a permission of the role the
 * invitation gives. A revoked invitation stays (with who revoked it and when)
 * beside the audit entry; its link no longer works. The index serves the list of
 * open invitations and the revocation of an inviter's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table account_tokens add column revoked_at timestamptz`,
    `alter table account_tokens add column revoked_by uuid references users (id) on delete set null`,
    `create index account_tokens_open_invitations_idx on account_tokens (created_by)
      where purpose = 'invite' and used_at is null and revoked_at is null`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `drop index account_tokens_open_invitations_idx`,
    `alter table account_tokens drop column revoked_by`,
    `alter table account_tokens drop column revoked_at`,
  ]);
}
