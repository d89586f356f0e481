import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

async function runStatements(db: Kysely<unknown>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/** What an API key could do before keys had scopes: everything but keys and staff (as of issue 19). */
const ALL_KEY_PERMISSIONS = [
  'waitlist:read',
  'waitlist:write',
  'waitlist:export',
  'beta:read',
  'beta:approve',
  'invite_codes:read',
  'invite_codes:manage',
  'contacts:read',
  'contacts:reply',
  'contacts:delete',
  'contacts:export',
  'feedback:read',
  'feedback:delete',
  'feedback:export',
  'email:read',
  'email:send',
  'email:suppressions',
  'analytics:read',
  'people:read',
  'people:erase',
  'audit:read',
];

/*
 * Least privilege (issue 19).
 *
 * Roles: every account has one. The four built-in roles are rows too (so an
 * account references one table), but their permissions live in the code
 * (BUILT_IN_ROLES in @repo/validation), never in the row; a custom role's are in
 * `permissions`. Existing accounts could do everything: the oldest active one
 * becomes Owner, every other one Admin. An account inserted without a role gets
 * Owner when it is the first account of the install, else Viewer.
 *
 * API keys get scopes (`permissions`), an expiry, their creator and the address
 * of their last use. Existing keys keep what they could do (every permission a
 * key may hold) and never expire.
 *
 * Audit entries record the actor's kind and stable id, apart from its label.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const keyPermissions = `array[${ALL_KEY_PERMISSIONS.map((p) => `'${p}'`).join(', ')}]::text[]`;
  await runStatements(db, [
    `create table roles (
      id uuid primary key default gen_random_uuid(),
      key text unique check (key in ('owner', 'admin', 'support', 'viewer')),
      name text not null check (length(name) between 1 and 60),
      description text not null default '',
      permissions text[] not null default '{}',
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
    `create unique index roles_name_key on roles (lower(name))`,
    `insert into roles (key, name, description) values
      ('owner', 'Owner', 'Everything, including staff accounts, roles and API keys.'),
      ('admin', 'Admin', 'Runs the beta: everything but staff accounts and API keys.'),
      ('support', 'Support', 'Answers contact messages; reads the waitlist and the beta. No export, no bulk send, no erasure.'),
      ('viewer', 'Viewer', 'Reads the dashboards and lists; changes nothing and exports nothing.')`,

    `alter table users add column role_id uuid references roles (id)`,
    `update users set role_id = (select id from roles where key = 'admin')`,
    `update users set role_id = (select id from roles where key = 'owner')
      where id = (
        select id from users
        order by (status = 'active') desc, created_at, id
        limit 1
      )`,
    `alter table users alter column role_id set not null`,
    `create index users_role_id_idx on users (role_id)`,
    // An account written without a role: the install's first is its Owner, any other a Viewer.
    `create function users_default_role() returns trigger language plpgsql as $$
    begin
      if new.role_id is null then
        select id into new.role_id from roles
          where key = case when exists (select 1 from users) then 'viewer' else 'owner' end;
      end if;
      return new;
    end
    $$`,
    `create trigger users_default_role before insert on users
      for each row execute function users_default_role()`,

    // The role an invitation gives; a deleted role's invitations fall back to Viewer.
    `alter table account_tokens add column role_id uuid references roles (id) on delete set null`,

    `alter table api_keys add column permissions text[] not null default '{}'`,
    `update api_keys set permissions = ${keyPermissions}`,
    `alter table api_keys add column expires_at timestamptz`,
    // Not 'set null': a key whose creator vanished would lose the cap of the creator's role.
    `alter table api_keys add column created_by uuid references users (id)`,
    `alter table api_keys add column last_used_ip text`,

    `alter table audit_log add column actor_kind text not null default 'system'
      check (actor_kind in ('staff', 'api_key', 'system', 'public'))`,
    `alter table audit_log add column actor_id uuid`,
    // Old entries: an account's user id says staff; 'API key <keyId>' without one was a key.
    `update audit_log set actor_kind = 'staff', actor_id = actor_user_id where actor_user_id is not null`,
    `update audit_log a set actor_kind = 'api_key',
        actor_id = (select k.id from api_keys k where k.key_id = substr(a.actor_label, 9))
      where a.actor_user_id is null and a.actor_label ~ '^API key [0-9a-f]{16}$'`,
    `update audit_log set actor_kind = 'public'
      where actor_user_id is null and actor_label in ('anonymous', 'invite code')`,
    `alter table audit_log alter column actor_kind drop default`,
    `create index audit_log_actor_kind_idx on audit_log (actor_kind, created_at desc, id desc)`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `drop index audit_log_actor_kind_idx`,
    `alter table audit_log drop column actor_id`,
    `alter table audit_log drop column actor_kind`,
    `alter table api_keys drop column last_used_ip`,
    `alter table api_keys drop column created_by`,
    `alter table api_keys drop column expires_at`,
    `alter table api_keys drop column permissions`,
    `alter table account_tokens drop column role_id`,
    `drop trigger users_default_role on users`,
    `drop function users_default_role()`,
    `alter table users drop column role_id`,
    `drop table roles`,
  ]);
}
