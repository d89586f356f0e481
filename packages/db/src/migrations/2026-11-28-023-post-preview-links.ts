import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

async function runStatements(db: Kysely<unknown>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/*
 * Recorded preview links (issue 31).
 *
 * A preview link was a signature over a post id and an expiry, stored nowhere: it
 * could not be revoked, and it kept working after its creator was disabled. Each
 * link is now a row the signed token names: who made it (a staff account or an
 * API key, exactly one), when, until when, and when and by whom it was revoked.
 * The public read checks the row, so a revoked link, or one whose creator can no
 * longer act, stops at once. Tokens minted before this migration name no row and
 * stop working (a security fix, docs/publishing.md).
 *
 * The creator's row is referenced with `on delete cascade`: a link never outlives
 * the account or key that made it (accounts that were ever active are disabled,
 * never deleted, and keys are revoked, never deleted, so the history stays).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table post_preview_links (
      id uuid primary key default gen_random_uuid(),
      post_id integer not null references blog_posts (id) on delete cascade,
      created_by_user_id uuid references users (id) on delete cascade,
      created_by_api_key_id uuid references api_keys (id) on delete cascade,
      created_by_label text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz,
      revoked_by_user_id uuid references users (id) on delete set null,
      revoked_by_api_key_id uuid references api_keys (id) on delete set null,
      revoked_by_label text,
      constraint post_preview_links_one_creator
        check ((created_by_user_id is null) <> (created_by_api_key_id is null)),
      constraint post_preview_links_expires_after_creation check (expires_at > created_at),
      constraint post_preview_links_revoked_by_someone
        check ((revoked_at is null) = (revoked_by_label is null))
    )`,
    `create index post_preview_links_post_idx on post_preview_links (post_id, created_at desc, id desc)`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [`drop table post_preview_links`]);
}
