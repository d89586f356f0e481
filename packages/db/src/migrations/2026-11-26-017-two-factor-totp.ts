import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

async function runStatements(db: Kysely<unknown>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/*
 * Two-factor sign-in with TOTP (issue 19).
 *
 * `user_totp`: one authenticator app per account. The secret is sealed
 * (AES-256-GCM, a key derived from SESSION_SECRET): never stored in clear. It
 * works once `confirmed_at` is set (a code from the app proved it was scanned);
 * `last_used_step` is the RFC 6238 time step of the last code accepted, so a code
 * is accepted once (a replay, or an older code, is refused).
 *
 * `user_recovery_codes`: ten single-use codes per account, only their SHA-256
 * (each code holds 60 random bits); `used_at` once spent.
 *
 * The policy (required for every account, or for some roles) is a row of
 * app_settings ('security.twoFactor'), written by the console.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table user_totp (
      user_id uuid primary key references users (id) on delete cascade,
      secret_sealed text not null,
      confirmed_at timestamptz,
      last_used_step bigint,
      created_at timestamptz not null default now()
    )`,
    `create table user_recovery_codes (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      code_hash text not null check (code_hash ~ '^[0-9a-f]{64}$'),
      used_at timestamptz,
      created_at timestamptz not null default now(),
      unique (user_id, code_hash)
    )`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `drop table if exists user_recovery_codes`,
    `drop table if exists user_totp`,
    `delete from app_settings where key = 'security.twoFactor'`,
  ]);
}
