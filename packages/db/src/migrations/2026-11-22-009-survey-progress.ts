import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

async function runStatements(db: Kysely<unknown>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/*
 * Survey insight (issue 12): the beta feedback survey saves its answers step by
 * step, as one partial response per browser. The browser keeps a random key;
 * only its SHA-256 is stored (like the account tokens). A partial is resumable
 * for 7 days after its last save; the final submit marks it completed and links
 * the response, whose row then holds the answers (the partial's are cleared).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table beta_feedback_progress (
      id uuid primary key default gen_random_uuid(),
      browser_key_hash text not null unique,
      answers jsonb not null default '{}'::jsonb,
      step smallint not null check (step between 1 and 9),
      furthest_step smallint not null check (furthest_step between 1 and 9),
      started_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      completed_at timestamptz,
      response_id uuid references beta_feedback_responses (id) on delete set null
    )`,
    // The daily clean-up finds the unfinished partials whose answers it clears.
    `create index beta_feedback_progress_open_idx on beta_feedback_progress (updated_at)
      where completed_at is null`,
    `create index beta_feedback_progress_response_idx on beta_feedback_progress (response_id)`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [`drop table beta_feedback_progress`]);
}
