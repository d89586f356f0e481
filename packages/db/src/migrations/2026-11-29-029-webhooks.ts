import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

async function runStatements(db: Kysely<unknown>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/*
 * Outgoing webhooks (issue 34).
 *
 * `webhook_endpoints`: where events go (a signed JSON webhook or a Slack incoming
 * webhook), made in the console, the admin API or by a Zapier REST Hook. The signing
 * secret is kept as given (it must sign every delivery); a rotated-out one keeps
 * signing beside the new one until `previous_secret_expires_at`.
 *
 * `webhook_events`: the outbox. An event is written in the transaction of what caused
 * it; its id is the `webhook-id` header (`msg_…`), the same on every attempt and
 * resend. `subject_emails` (lower case) and `subject_ids` let an erasure find a
 * person's events and clear their payloads; both are cleared with it.
 *
 * `webhook_deliveries`: one event to one endpoint, written with the event (fan-out in
 * the same transaction), claimed by workers with `for update skip locked` under a
 * lease. `webhook_attempts`: the delivery log (first 2 KB of each answer).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table webhook_endpoints (
      id uuid primary key default gen_random_uuid(),
      kind text not null default 'webhook' check (kind in ('webhook', 'slack')),
      source text not null default 'console' check (source in ('console', 'zapier')),
      url text not null,
      description text not null default '',
      events text[] not null,
      enabled boolean not null default true,
      disabled_reason text,
      secret text not null,
      previous_secret text,
      previous_secret_expires_at timestamptz,
      failing_since timestamptz,
      last_delivery_at timestamptz,
      created_by_user_id uuid references users (id) on delete set null,
      created_by_api_key_id uuid references api_keys (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint webhook_endpoints_events_present check (cardinality(events) > 0)
    )`,
    `create index webhook_endpoints_events on webhook_endpoints using gin (events) where enabled`,
    `create table webhook_events (
      id text primary key,
      type text not null,
      payload jsonb,
      subject_emails text[] not null default '{}',
      subject_ids text[] not null default '{}',
      test boolean not null default false,
      created_at timestamptz not null default now()
    )`,
    `create index webhook_events_type_created on webhook_events (type, created_at desc)`,
    `create index webhook_events_subject_emails on webhook_events using gin (subject_emails)`,
    `create index webhook_events_subject_ids on webhook_events using gin (subject_ids)`,
    `create table webhook_deliveries (
      id uuid primary key default gen_random_uuid(),
      event_id text not null references webhook_events (id) on delete cascade,
      endpoint_id uuid not null references webhook_endpoints (id) on delete cascade,
      state text not null default 'pending' check (state in ('pending', 'sending', 'succeeded', 'failed')),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null default now(),
      locked_until timestamptz,
      lease_token uuid,
      last_status integer,
      last_duration_ms integer,
      last_error text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (event_id, endpoint_id)
    )`,
    `create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where state in ('pending', 'sending')`,
    `create index webhook_deliveries_endpoint on webhook_deliveries (endpoint_id, created_at desc, id desc)`,
    `create table webhook_attempts (
      id bigint generated always as identity primary key,
      delivery_id uuid not null references webhook_deliveries (id) on delete cascade,
      attempt integer not null,
      at timestamptz not null default now(),
      status integer,
      duration_ms integer not null,
      response text,
      error text
    )`,
    `create index webhook_attempts_delivery on webhook_attempts (delivery_id, attempt)`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `drop table webhook_attempts`,
    `drop table webhook_deliveries`,
    `drop table webhook_events`,
    `drop table webhook_endpoints`,
  ]);
}
