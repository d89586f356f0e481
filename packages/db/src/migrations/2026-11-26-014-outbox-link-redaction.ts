import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

async function runStatements(db: Kysely<unknown>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/*
 * Single-use link tokens leave the outbox's bodies and template data (issue 19):
 * those keep a placeholder, and the tokens themselves wait, sealed (AES-256-GCM),
 * in link_secrets until the message is sent, then are cleared.
 *
 * Mail sent before this change still carries its tokens in its bodies: they are
 * redacted here (the four kinds of link that carry one). Unsent mail keeps them,
 * or it could no longer be sent.
 */
const LINK_TOKEN = `'((?:/verify-email|/accept-invite|/beta/accept|/waitlist/confirm)\\?token=)[A-Za-z0-9_-]+'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table email_outbox add column link_secrets text`,
    `update email_outbox
       set html_body = regexp_replace(html_body, ${LINK_TOKEN}, '\\1[redacted]', 'g'),
           text_body = regexp_replace(text_body, ${LINK_TOKEN}, '\\1[redacted]', 'g')
     where status = 'sent' and (html_body ~ ${LINK_TOKEN} or text_body ~ ${LINK_TOKEN})`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [`alter table email_outbox drop column link_secrets`]);
}
