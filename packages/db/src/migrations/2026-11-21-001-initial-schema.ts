import { type Kysely, sql } from 'kysely';

// Frozen in time: this migration never imports application code, so later
// changes to the app's constants cannot silently rewrite history.

const EASE = `('very_difficult','difficult','neutral','easy','very_easy','did_not_attempt')`;
const SATISFACTION = `('very_dissatisfied','dissatisfied','neutral','satisfied','very_satisfied','not_sure')`;
const USEFULNESS = `('not_useful','slightly_useful','moderately_useful','very_useful','extremely_useful','did_not_use')`;
const RECOMMENDATION = `('not_at_all_likely','unlikely','neutral','likely','very_likely','not_sure')`;

/**
 * Runs a block of DDL one statement at a time: the embedded database's driver
 * speaks the extended protocol, which takes a single statement per query.
 */
async function runStatements(db: Kysely<unknown>, ddl: string): Promise<void> {
  for (const statement of ddl.split(/;\s*\n/)) {
    if (statement.replace(/--.*$/gm, '').trim() !== '') await sql.raw(statement).execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table users (
      id uuid primary key default gen_random_uuid(),
      username text not null check (length(username) between 2 and 100),
      email text not null check (length(email) between 3 and 254),
      name text not null check (length(name) between 2 and 100),
      password_hash text not null,
      created_at timestamptz not null default now()
    );
    create unique index users_username_key on users (lower(username));
    create unique index users_email_key on users (lower(email));

    create table sessions (
      sid text primary key,
      data jsonb not null,
      user_id uuid references users (id) on delete cascade,
      expires_at timestamptz not null,
      updated_at timestamptz not null default now()
    );
    create index sessions_expires_at_idx on sessions (expires_at);

    create table blog_posts (
      id serial primary key,
      slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
      title text not null,
      excerpt text not null,
      published_on date not null,
      category text not null,
      tags text[] not null default '{}',
      reading_time integer not null check (reading_time > 0),
      author text not null,
      author_email text,
      author_bio text,
      content text,
      featured_image text,
      updated_at timestamptz not null default now()
    );
    create index blog_posts_published_on_idx on blog_posts (published_on desc, id desc);

    create table waitlist_entries (
      id uuid primary key default gen_random_uuid(),
      email text not null check (length(email) between 3 and 254),
      first_name text not null check (length(first_name) >= 2),
      last_name text not null check (length(last_name) >= 2),
      company_name text not null check (length(company_name) >= 2),
      primary_use text not null check (primary_use in (
        'Content Marketing','Social Media Management','Blog Writing','Email Campaigns',
        'Product Descriptions','Technical Documentation','Educational Content','Other')),
      content_workflow text,
      user_type text check (user_type in ('Freelancer','Agency','Internal Team')),
      monthly_content_volume text,
      biggest_challenge text,
      created_at timestamptz not null default now()
    );
    -- One row per address whatever its case: concurrent duplicate signups collide here.
    create unique index waitlist_entries_email_key on waitlist_entries (lower(email));
    create index waitlist_entries_created_at_idx on waitlist_entries (created_at desc, id desc);

    create table contact_messages (
      id uuid primary key default gen_random_uuid(),
      name text not null check (length(name) >= 2),
      email text not null,
      company text,
      subject text not null check (length(subject) >= 5),
      message text not null check (length(message) >= 10),
      status text not null default 'new' check (status in ('new','read','replied')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index contact_messages_created_at_idx on contact_messages (created_at desc, id desc);

    create table beta_participants (
      id uuid primary key default gen_random_uuid(),
      waitlist_entry_id uuid unique references waitlist_entries (id) on delete set null,
      first_name text not null,
      last_name text not null,
      email text not null,
      status text not null default 'active' check (status in ('active','inactive')),
      invited_at timestamptz not null default now(),
      last_active_at timestamptz,
      created_at timestamptz not null default now()
    );
    create unique index beta_participants_email_key on beta_participants (lower(email));
    create index beta_participants_created_at_idx on beta_participants (created_at desc, id desc);
  `,
  );

  await runStatements(
    db,
    `
    create table beta_feedback_responses (
      id uuid primary key default gen_random_uuid(),
      email text not null,
      first_name text not null,
      last_name text not null,
      primary_role text not null,
      ai_experience_level text not null check (ai_experience_level in ('beginner','intermediate','advanced','expert')),
      getting_started_ease text not null check (getting_started_ease in ${EASE}),
      initial_impressions text not null check (length(initial_impressions) >= 10),
      workflow_ease text not null check (workflow_ease in ${EASE}),
      keyword_research_ease text not null check (keyword_research_ease in ${EASE}),
      blog_post_creation_ease text not null check (blog_post_creation_ease in ${EASE}),
      why_it_matters_useful text not null check (why_it_matters_useful in ${USEFULNESS}),
      profile_setup_rating text not null check (profile_setup_rating in ${EASE}),
      brand_setup_rating text not null check (brand_setup_rating in ${EASE}),
      keyword_research_rating text not null check (keyword_research_rating in ${EASE}),
      blog_post_rating text not null check (blog_post_rating in ${EASE}),
      content_library_rating text not null check (content_library_rating in ${EASE}),
      general_feedback text,
      content_quality_satisfaction text not null check (content_quality_satisfaction in ${SATISFACTION}),
      content_accuracy_rating text not null check (content_accuracy_rating in ${SATISFACTION}),
      brand_reflection_rating text not null check (brand_reflection_rating in ${SATISFACTION}),
      recommendation_likelihood text not null check (recommendation_likelihood in ${RECOMMENDATION}),
      overall_satisfaction text not null check (overall_satisfaction in ${SATISFACTION}),
      improvement_suggestions text,
      additional_comments text,
      created_at timestamptz not null default now()
    );
    create index beta_feedback_responses_created_at_idx on beta_feedback_responses (created_at desc);
  `,
  );

  await runStatements(
    db,
    `
    create table api_keys (
      id uuid primary key default gen_random_uuid(),
      name text not null check (length(btrim(name)) >= 1),
      environment text not null default 'live' check (environment in ('live','test')),
      key_id text not null unique,
      secret_hash text not null,
      key_prefix text not null check (length(key_prefix) = 12),
      key_last_four text not null check (length(key_last_four) = 4),
      is_active boolean not null default true,
      last_used_at timestamptz,
      revoked_at timestamptz,
      created_at timestamptz not null default now(),
      -- Revocation is irreversible: an inactive key always carries its revocation time.
      check (is_active or revoked_at is not null)
    );

    create table analytics_events (
      id bigserial primary key,
      type text not null check (type in (
        'page_view','button_click','form_submit','link_click','scroll_depth','feature_engagement',
        'waitlist_signup','contact_form_submit','waitlist_form','waitlist_step_completed')),
      path text not null,
      session_id text not null,
      occurred_at timestamptz not null,
      received_at timestamptz not null default now(),
      data jsonb not null default '{}'
    );
    create index analytics_events_type_occurred_at_idx on analytics_events (type, occurred_at);
    create index analytics_events_occurred_at_idx on analytics_events (occurred_at);

    create table email_outbox (
      id uuid primary key default gen_random_uuid(),
      stream text not null check (stream in ('outbound','broadcast')),
      template_id text not null,
      to_email text not null,
      subject text not null,
      html_body text not null,
      text_body text not null,
      status text not null default 'queued' check (status in ('queued','sending','sent','failed','captured')),
      attempts integer not null default 0 check (attempts >= 0),
      next_attempt_at timestamptz not null default now(),
      locked_until timestamptz,
      last_error text,
      provider_message_id text,
      created_at timestamptz not null default now(),
      sent_at timestamptz
    );
    create index email_outbox_due_idx on email_outbox (next_attempt_at) where status in ('queued','sending');
    create index email_outbox_created_at_idx on email_outbox (created_at desc);

    create table email_suppressions (
      email text primary key check (email = lower(email)),
      reason text not null,
      created_at timestamptz not null default now()
    );
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table if exists email_suppressions, email_outbox, analytics_events, api_keys,
      beta_feedback_responses, beta_participants, contact_messages, waitlist_entries,
      blog_posts, sessions, users cascade;
  `.execute(db);
}
