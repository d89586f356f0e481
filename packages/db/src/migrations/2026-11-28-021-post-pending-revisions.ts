import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/*
 * Least privilege, second pass (issue 31): an edit of a published or scheduled
 * post by someone without posts:publish does not reach the site. It is kept here,
 * one per post, as the fields it changes, until someone holding posts:publish
 * publishes it (the SEO checks run then) or discards it. Later edits by writers
 * add to it; who edited last is kept beside when it was first made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table blog_post_pending_revisions (
    id uuid primary key default gen_random_uuid(),
    post_id integer not null unique references blog_posts (id) on delete cascade,
    changes jsonb not null check (jsonb_typeof(changes) = 'object'),
    actor_kind text not null check (actor_kind in ('staff', 'api_key', 'system')),
    actor_user_id uuid references users (id) on delete set null,
    actor_api_key_id uuid references api_keys (id) on delete set null,
    actor_label text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table blog_post_pending_revisions`.execute(db);
}
