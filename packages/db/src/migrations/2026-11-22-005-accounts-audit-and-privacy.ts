import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

async function runStatements(db: Kysely<unknown>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/*
 * Security (issue 8): staff accounts are pending until their owner proves the
 * mailbox, can be disabled, and sign in under a per-account backoff; sessions
 * carry what an idle and an absolute lifetime need; every admin action is
 * written to an audit log that keeps who did what, never the personal data.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    // Existing accounts were created before verification existed: they stay active.
    `alter table users add column status text not null default 'active'
      check (status in ('pending', 'active', 'disabled'))`,
    `alter table users add column email_verified_at timestamptz`,
    `alter table users add column disabled_at timestamptz`,

    // Single-use links mailed to an address (account verification, staff invitations).
    // Only a SHA-256 of the token is stored.
    `create table account_tokens (
      id uuid primary key default gen_random_uuid(),
      user_id uuid references users (id) on delete cascade,
      email text not null,
      purpose text not null check (purpose in ('verify_email', 'invite')),
      token_hash text not null unique,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now()
    )`,
    `create index account_tokens_user_id_idx on account_tokens (user_id)`,

    // Failed sign-ins per key ('account:<username>' or 'address:<ip>'): exponential backoff.
    `create table login_throttle (
      key text primary key,
      failures integer not null default 0,
      locked_until timestamptz,
      updated_at timestamptz not null default now()
    )`,

    // Idle (last_seen_at) and absolute (created_at) session lifetimes, enforced on the server.
    `alter table sessions add column created_at timestamptz not null default now()`,
    `alter table sessions add column last_seen_at timestamptz not null default now()`,
    `alter table sessions add column ip text`,
    `alter table sessions add column user_agent text`,
    `create index sessions_user_id_idx on sessions (user_id)`,

    // Who did what, when and from where. Never the data itself: an erased person's
    // address is not kept here, only the id of the row that was removed.
    `create table audit_log (
      id bigint generated always as identity primary key,
      actor_user_id uuid references users (id) on delete set null,
      actor_label text not null,
      action text not null,
      target_type text,
      target_id text,
      details jsonb not null default '{}',
      ip text,
      created_at timestamptz not null default now()
    )`,
    `create index audit_log_created_at_idx on audit_log (created_at desc, id desc)`,

    // The retention purge deletes by received time.
    `create index analytics_events_received_at_idx on analytics_events (received_at)`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `drop index analytics_events_received_at_idx`,
    `drop table audit_log`,
    `drop index sessions_user_id_idx`,
    `alter table sessions drop column user_agent`,
    `alter table sessions drop column ip`,
    `alter table sessions drop column last_seen_at`,
    `alter table sessions drop column created_at`,
    `drop table login_throttle`,
    `drop table account_tokens`,
    `alter table users drop column disabled_at`,
    `alter table users drop column email_verified_at`,
    `alter table users drop column status`,
  ]);
}
