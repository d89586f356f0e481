import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

async function runStatements(db: Kysely<unknown>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/*
 * Email operations (issue 12):
 * - Postmark's webhook events (Delivery, Bounce, SpamComplaint, SubscriptionChange)
 *   are kept per message; a repeated event is stored once (its dedupe key).
 * - Each message shows its fate (delivered, bounced, complained) and the bounce text.
 * - Suppressions are per stream: a hard bounce on transactional mail stops
 *   transactional sends to that address, an unsubscribe stops bulk mail only.
 * - A transactional message to a suppressed address is held, with its reason.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table email_outbox drop constraint if exists email_outbox_status_check`,
    `alter table email_outbox add constraint email_outbox_status_check
      check (status in ('queued', 'sending', 'sent', 'failed', 'captured', 'held'))`,
    `alter table email_outbox add column delivery_state text
      check (delivery_state in ('delivered', 'bounced', 'complained'))`,
    `alter table email_outbox add column delivery_detail text`,
    `alter table email_outbox add column delivery_event_at timestamptz`,
    `create index email_outbox_provider_message_id_idx on email_outbox (provider_message_id)
      where provider_message_id is not null`,

    `create table email_events (
      id uuid primary key default gen_random_uuid(),
      dedupe_key text not null unique,
      outbox_id uuid references email_outbox (id) on delete cascade,
      provider_message_id text,
      record_type text not null,
      email text,
      stream text,
      occurred_at timestamptz not null,
      detail text,
      payload jsonb not null,
      received_at timestamptz not null default now()
    )`,
    `create index email_events_outbox_id_idx on email_events (outbox_id, occurred_at)`,
    `create index email_events_email_idx on email_events (lower(email))`,

    `alter table email_suppressions add column stream text not null default 'broadcast'
      check (stream in ('outbound', 'broadcast'))`,
    `alter table email_suppressions add column origin text not null default 'unsubscribe'`,
    `alter table email_suppressions add column detail text`,
    `alter table email_suppressions drop constraint email_suppressions_pkey`,
    `alter table email_suppressions add primary key (email, stream)`,
    `create index email_suppressions_created_at_idx on email_suppressions (created_at desc)`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `drop index email_suppressions_created_at_idx`,
    `delete from email_suppressions where stream <> 'broadcast'`,
    `alter table email_suppressions drop constraint email_suppressions_pkey`,
    `alter table email_suppressions add primary key (email)`,
    `alter table email_suppressions drop column detail`,
    `alter table email_suppressions drop column origin`,
    `alter table email_suppressions drop column stream`,
    `drop table email_events`,
    `drop index email_outbox_provider_message_id_idx`,
    `alter table email_outbox drop column delivery_event_at`,
    `alter table email_outbox drop column delivery_detail`,
    `alter table email_outbox drop column delivery_state`,
    `update email_outbox set status = 'failed' where status = 'held'`,
    `alter table email_outbox drop constraint email_outbox_status_check`,
    `alter table email_outbox add constraint email_outbox_status_check
      check (status in ('queued', 'sending', 'sent', 'failed', 'captured'))`,
  ]);
}
