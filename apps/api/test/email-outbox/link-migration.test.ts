import { migrations } from '@repo/db';
import { createTestDatabase, type TestDatabase } from '@repo/db/testing';
import { type Kysely, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * Issue 19: mail sent before link tokens left the outbox still carried them in
 * its bodies. Migration 014 redacts the four kinds of single-use link in sent
 * mail (the pattern is tested here, kind by kind), and leaves unsent mail able
 * to go out.
 */

const REDACTION = '2026-11-26-014-outbox-link-redaction';

let database: TestDatabase;
let migrator: Migrator;
beforeAll(async () => {
  database = await createTestDatabase();
  migrator = new Migrator({
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    db: database.db as unknown as Kysely<any>,
    provider: { getMigrations: async () => migrations },
  });
  const names = Object.keys(migrations).sort();
  const before = names[names.indexOf(REDACTION) - 1]!;
  const { error } = await migrator.migrateTo(before);
  if (error) throw error;
});
afterAll(() => database.destroy());

const TOKENS = {
  verify: 'Vv1_verify-token-0123456789abcdefghijklmnopq',
  invite: 'Ii2_invite-token-0123456789abcdefghijklmnopq',
  beta: 'Bb3_betaaccept-token-0123456789abcdefghijklm',
  confirm: 'Cc4_confirm-token-0123456789abcdefghijklmno',
};
const STATUS = '2a637fc5-f8d8-48d5-aa89-19a11e96792b.Zs_Fa2lTZ_0nL_64DPHms64S0rx0';

const body = [
  `https://admin.test/verify-email?token=${TOKENS.verify}`,
  `https://admin.test/accept-invite?token=${TOKENS.invite}`,
  `<a href="https://wordloom.test/beta/accept?token=${TOKENS.beta}">Accept</a>`,
  `[https://wordloom.test/waitlist/confirm?token=${TOKENS.confirm}]`,
  `https://wordloom.test/waitlist/status?token=${STATUS}`,
].join('\n');

async function insert(status: string): Promise<string> {
  const result = await sql<{ id: string }>`
    insert into email_outbox (stream, template_id, to_email, subject, html_body, text_body, status)
    values ('outbound', 'waitlist-welcome', 'old@example.com', 'Old mail', ${body}, ${body}, ${status})
    returning id
  `.execute(database.db);
  return result.rows[0]!.id;
}

describe('migration 014 (outbox link redaction)', () => {
  it('redacts every kind of single-use link token from mail already sent, and only those', async () => {
    const sent = await insert('sent');
    const queued = await insert('queued');
    const { error } = await migrator.migrateTo(REDACTION);
    expect(error).toBeUndefined();
    const rows = await sql<{ id: string; htmlBody: string; textBody: string }>`
      select id, html_body, text_body from email_outbox
    `.execute(database.db);
    const row = (id: string) => rows.rows.find((candidate) => candidate.id === id)!;
    for (const stored of [row(sent).htmlBody, row(sent).textBody]) {
      for (const token of Object.values(TOKENS)) expect(stored).not.toContain(token);
      for (const path of ['/verify-email', '/accept-invite', '/beta/accept', '/waitlist/confirm']) {
        expect(stored).toContain(`${path}?token=[redacted]`);
      }
      // The status link is a signed read-only view, not a single-use token: it stays.
      expect(stored).toContain(STATUS);
    }
    // Unsent mail keeps its links, or it could not be sent.
    expect(row(queued)).toMatchObject({ htmlBody: body, textBody: body });
  });
});
