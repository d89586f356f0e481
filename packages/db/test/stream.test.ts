import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src';
import { createTestDatabase, type TestDatabase } from '../src/testing';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await migrateToLatest(database.db);
});

afterAll(async () => {
  await database.destroy();
});

describe('streaming queries', () => {
  it('deliver every row in chunks, on both the server and the embedded database', async () => {
    await database.db
      .insertInto('waitlistEntries')
      .values(
        Array.from({ length: 1200 }, (_, index) => ({
          email: `stream-${index}@example.com`,
          firstName: 'Stream',
          lastName: 'Reader',
          companyName: 'Chunks',
          primaryUse: 'Other',
        })),
      )
      .execute();
    const seen = new Set<string>();
    for await (const row of database.db.selectFrom('waitlistEntries').select('email').stream(100)) {
      seen.add(row.email);
    }
    expect(seen.size).toBe(1200);
  });

  it('add the waitlist sort indexes and the outbox delivery columns', async () => {
    const row = await database.db
      .insertInto('emailOutbox')
      .values({
        stream: 'outbound',
        templateId: 't',
        toEmail: 'a@example.com',
        subject: 's',
        htmlBody: '<p>h</p>',
        textBody: 'h',
        nextAttemptAt: new Date(),
        headers: JSON.stringify([{ name: 'X-Test', value: '1' }]),
      })
      .returning(['headers', 'deliveryUncertain', 'leaseToken'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      headers: [{ name: 'X-Test', value: '1' }],
      deliveryUncertain: false,
      leaseToken: null,
    });
  });
});
