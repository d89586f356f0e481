import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

async function runStatements(db: Kysely<unknown>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/*
 * Publishing (issue 23).
 *
 * Posts get a status: only 'published' reaches the site. Every post there is today
 * was on the site, so existing rows are 'published' (their published_at is their
 * date) and, having all come from the repository's markdown files, are marked
 * imported: the seed now imports the files into an empty table only, so these rows
 * are never overwritten again. A new row is a draft.
 *
 * A revision keeps a post's editable fields as they were before a save, and who
 * saved (a staff account or an API key; its label survives the account). A
 * redirect keeps a published post's old slug answering 301 to its new one; the
 * old slug is the key, so no two posts can claim it.
 *
 * Idempotency keys: the answer of a create, by caller and key, so a client that
 * retries after a timeout gets the same answer instead of a second post.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table blog_posts add column status text not null default 'published'
      check (status in ('draft', 'scheduled', 'published', 'unpublished'))`,
    `alter table blog_posts alter column status set default 'draft'`,
    `alter table blog_posts add column scheduled_at timestamptz`,
    `alter table blog_posts add column published_at timestamptz`,
    `alter table blog_posts add column created_at timestamptz not null default now()`,
    `alter table blog_posts add column imported_at timestamptz`,
    `update blog_posts set published_at = published_on::timestamptz, imported_at = now()`,
    `alter table blog_posts add constraint blog_posts_scheduled_has_time
      check (status <> 'scheduled' or scheduled_at is not null)`,
    `create index blog_posts_status_idx on blog_posts (status, published_on desc, id desc)`,
    `create index blog_posts_due_idx on blog_posts (scheduled_at) where status = 'scheduled'`,
    `create index blog_posts_updated_at_idx on blog_posts (updated_at desc, id desc)`,

    `create table blog_post_revisions (
      id uuid primary key default gen_random_uuid(),
      post_id integer not null references blog_posts (id) on delete cascade,
      snapshot jsonb not null,
      actor_kind text not null check (actor_kind in ('staff', 'api_key', 'system')),
      actor_user_id uuid references users (id) on delete set null,
      actor_api_key_id uuid references api_keys (id) on delete set null,
      actor_label text not null,
      created_at timestamptz not null default now()
    )`,
    `create index blog_post_revisions_post_idx on blog_post_revisions (post_id, created_at desc, id desc)`,

    `create table blog_post_redirects (
      old_slug text primary key check (old_slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
      post_id integer not null references blog_posts (id) on delete cascade,
      created_at timestamptz not null default now()
    )`,
    `create index blog_post_redirects_post_idx on blog_post_redirects (post_id)`,

    `create table idempotency_keys (
      scope text not null,
      key text not null check (length(key) between 1 and 255),
      request_hash text not null,
      status_code integer not null,
      response jsonb not null,
      created_at timestamptz not null default now(),
      primary key (scope, key)
    )`,
    `create index idempotency_keys_created_at_idx on idempotency_keys (created_at)`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `drop table idempotency_keys`,
    `drop table blog_post_redirects`,
    `drop table blog_post_revisions`,
    `drop index blog_posts_updated_at_idx`,
    `drop index blog_posts_due_idx`,
    `drop index blog_posts_status_idx`,
    `alter table blog_posts drop constraint blog_posts_scheduled_has_time`,
    `alter table blog_posts drop column imported_at`,
    `alter table blog_posts drop column created_at`,
    `alter table blog_posts drop column published_at`,
    `alter table blog_posts drop column scheduled_at`,
    `alter table blog_posts drop column status`,
  ]);
}
