import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

async function runStatements(db: Kysely<unknown>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/*
 * Issue 11: confirmed signups (double opt-in), referrals and queue position,
 * invite codes, and beta seats that come back.
 *
 * Entries and participants that exist before this migration were accepted
 * under the old rules: they count as confirmed and accepted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    // Double opt-in: only the SHA-256 of the link's token is kept.
    `alter table waitlist_entries add column confirmed_at timestamptz`,
    `alter table waitlist_entries add column confirmation_token_hash text`,
    `alter table waitlist_entries add column confirmation_sent_at timestamptz`,
    `update waitlist_entries set confirmed_at = created_at`,
    `create unique index waitlist_entries_confirmation_token_key on waitlist_entries (confirmation_token_hash) where confirmation_token_hash is not null`,
    `create index waitlist_entries_unconfirmed_idx on waitlist_entries (created_at) where confirmed_at is null`,
    // Referrals: the code every entry shares, who referred it, whether it counted.
    // The API draws its own codes; the default gives one to rows written any other way (and to existing ones).
    `alter table waitlist_entries add column referral_code text not null default upper(substr(md5(random()::text || clock_timestamp()::text), 1, 10))`,
    `create unique index waitlist_entries_referral_code_key on waitlist_entries (referral_code)`,
    `alter table waitlist_entries add column referred_by_id uuid references waitlist_entries (id) on delete set null`,
    `create index waitlist_entries_referred_by_idx on waitlist_entries (referred_by_id) where referred_by_id is not null`,
    `alter table waitlist_entries add column referral_credited boolean not null default false`,
    `alter table waitlist_entries add column referral_count integer not null default 0`,
    // The queue: invite codes put a person at its front; a lapsed invitation puts them back.
    `alter table waitlist_entries add column queue_priority_at timestamptz`,
    `alter table waitlist_entries add column invitation_expired_at timestamptz`,
    // Seats: an invitation holds a seat until it is accepted or expires.
    `alter table beta_participants drop constraint if exists beta_participants_status_check`,
    `alter table beta_participants add constraint beta_participants_status_check check (status in ('invited','active','inactive'))`,
    `alter table beta_participants add column invitation_expires_at timestamptz`,
    `alter table beta_participants add column accepted_at timestamptz`,
    `alter table beta_participants add column invitation_token_hash text`,
    `update beta_participants set accepted_at = invited_at`,
    `create unique index beta_participants_invitation_token_key on beta_participants (invitation_token_hash) where invitation_token_hash is not null`,
    `create index beta_participants_invitation_expiry_idx on beta_participants (invitation_expires_at) where status = 'invited'`,
    // Invite codes and what each redemption did.
    `create table invite_codes (
      id uuid primary key default gen_random_uuid(),
      code text not null,
      note text,
      max_redemptions integer not null default 1 check (max_redemptions >= 1),
      redemptions integer not null default 0 check (redemptions >= 0),
      expires_at timestamptz,
      disabled_at timestamptz,
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now()
    )`,
    `create unique index invite_codes_code_key on invite_codes (lower(code))`,
    `create index invite_codes_created_at_idx on invite_codes (created_at desc, id desc)`,
    `create table invite_code_redemptions (
      id uuid primary key default gen_random_uuid(),
      invite_code_id uuid not null references invite_codes (id) on delete cascade,
      waitlist_entry_id uuid references waitlist_entries (id) on delete set null,
      outcome text not null check (outcome in ('approved','queued')),
      created_at timestamptz not null default now()
    )`,
    `create index invite_code_redemptions_code_idx on invite_code_redemptions (invite_code_id, created_at desc)`,
    `create unique index invite_code_redemptions_entry_key on invite_code_redemptions (invite_code_id, waitlist_entry_id)`,
    // Console switches (auto-fill), one row each.
    `create table app_settings (
      key text primary key,
      value jsonb not null,
      updated_at timestamptz not null default now(),
      updated_by uuid references users (id) on delete set null
    )`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `drop table app_settings`,
    `drop table invite_code_redemptions`,
    `drop table invite_codes`,
    `delete from beta_participants where status = 'invited'`,
    `drop index beta_participants_invitation_expiry_idx`,
    `drop index beta_participants_invitation_token_key`,
    `alter table beta_participants drop column invitation_token_hash`,
    `alter table beta_participants drop column accepted_at`,
    `alter table beta_participants drop column invitation_expires_at`,
    `alter table beta_participants drop constraint beta_participants_status_check`,
    `alter table beta_participants add constraint beta_participants_status_check check (status in ('active','inactive'))`,
    `alter table waitlist_entries drop column invitation_expired_at`,
    `alter table waitlist_entries drop column queue_priority_at`,
    `alter table waitlist_entries drop column referral_count`,
    `alter table waitlist_entries drop column referral_credited`,
    `alter table waitlist_entries drop column referred_by_id`,
    `alter table waitlist_entries drop column referral_code`,
    `alter table waitlist_entries drop column confirmation_sent_at`,
    `alter table waitlist_entries drop column confirmation_token_hash`,
    `alter table waitlist_entries drop column confirmed_at`,
  ]);
}
