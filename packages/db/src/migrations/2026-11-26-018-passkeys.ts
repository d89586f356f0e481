import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

async function runStatements(db: Kysely<unknown>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/*
 * Issue 19 (two-factor sign-in): a staff account's passkeys (WebAuthn credentials),
 * a second factor after the password or a password-less sign-in. Only the public
 * key is stored; the private key never leaves the authenticator. The signature
 * counter only goes up (a cloned authenticator shows an old one).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table passkeys (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      credential_id text not null check (length(credential_id) between 16 and 1400),
      public_key bytea not null,
      counter bigint not null default 0 check (counter between 0 and 4294967295),
      transports text[] not null default '{}',
      backed_up boolean not null default false,
      name text not null check (length(name) between 1 and 64),
      created_at timestamptz not null default now(),
      last_used_at timestamptz
    )`,
    `create unique index passkeys_credential_id_key on passkeys (credential_id)`,
    `create index passkeys_user_id_idx on passkeys (user_id)`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [`drop table passkeys`]);
}
