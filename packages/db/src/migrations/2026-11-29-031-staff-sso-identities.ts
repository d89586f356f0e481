import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

async function runStatements(db: Kysely<unknown>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/*
 * Single sign-on (issue 35): an account linked to an OpenID provider's person
 * keeps that person's issuer and subject. Once linked, a sign-in with that
 * subject opens this account and no other, whatever address the provider sends;
 * the unique index lets a person link to one account only. An account made by
 * a provider sign-in has no password: active accounts need a password or a link.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table users add column oidc_issuer text`,
    `alter table users add column oidc_subject text`,
    `alter table users add constraint users_oidc_identity_pair
      check ((oidc_issuer is null) = (oidc_subject is null))`,
    `create unique index users_oidc_identity_idx on users (oidc_issuer, oidc_subject)
      where oidc_subject is not null`,
    `alter table users drop constraint users_pending_has_no_password`,
    `alter table users add constraint users_pending_has_no_password
      check (case when status = 'pending' then password_hash is null
        else password_hash is not null or oidc_subject is not null end)`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table users drop constraint users_pending_has_no_password`,
    `alter table users add constraint users_pending_has_no_password
      check ((status = 'pending') = (password_hash is null))`,
    `drop index users_oidc_identity_idx`,
    `alter table users drop constraint users_oidc_identity_pair`,
    `alter table users drop column oidc_subject`,
    `alter table users drop column oidc_issuer`,
  ]);
}
