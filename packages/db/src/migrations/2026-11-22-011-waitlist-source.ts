import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

async function runStatements(db: Kysely<unknown>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/*
 * Where a signup came from (issue 12): the visit's first touch, kept by the
 * tracker for the browser session: landing page, external referrer and the
 * utm_source / utm_medium / utm_campaign of the landing URL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table waitlist_entries add column landing_page text`,
    `alter table waitlist_entries add column referrer text`,
    `alter table waitlist_entries add column utm_source text`,
    `alter table waitlist_entries add column utm_medium text`,
    `alter table waitlist_entries add column utm_campaign text`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table waitlist_entries drop column utm_campaign`,
    `alter table waitlist_entries drop column utm_medium`,
    `alter table waitlist_entries drop column utm_source`,
    `alter table waitlist_entries drop column referrer`,
    `alter table waitlist_entries drop column landing_page`,
  ]);
}
