import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

async function runStatements(db: Kysely<unknown>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/*
 * Images of blog posts (issue 23), stored in PostgreSQL: every API instance reads
 * the same rows without a shared volume, and a backup of the database holds them.
 *
 * An image is what was uploaded once: its size after the EXIF orientation was
 * applied, who uploaded it, and the SHA-256 of the uploaded bytes (unique: the
 * same file uploaded again is the same image). Its variants are the WebP sizes
 * served, without any of the original's metadata; the original itself is not
 * kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table post_images (
      id uuid primary key default gen_random_uuid(),
      sha256 text not null unique check (sha256 ~ '^[0-9a-f]{64}$'),
      width integer not null check (width > 0),
      height integer not null check (height > 0),
      uploaded_by_user_id uuid references users (id) on delete set null,
      uploaded_by_api_key_id uuid references api_keys (id) on delete set null,
      uploaded_by_label text not null,
      created_at timestamptz not null default now()
    )`,
    `create table post_image_variants (
      image_id uuid not null references post_images (id) on delete cascade,
      width integer not null check (width > 0),
      height integer not null check (height > 0),
      format text not null check (format in ('webp')),
      bytes bytea not null,
      primary key (image_id, width)
    )`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [`drop table post_image_variants`, `drop table post_images`]);
}
