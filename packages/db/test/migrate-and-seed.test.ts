import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest, migrations, readBlogPosts, seedBlogPosts } from '../src';
import { createTestDatabase, type TestDatabase } from '../src/testing';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.destroy();
});

describe('migrations', () => {
  it('create every table of the spec', async () => {
    await migrateToLatest(database.db);
    const tables = await sql<{ tableName: string }>`
      select table_name from information_schema.tables where table_schema = 'public'
    `.execute(database.db);
    const names = tables.rows.map((row) => row.tableName);
    for (const table of [
      'users',
      'sessions',
      'blog_posts',
      'waitlist_entries',
      'contact_messages',
      'beta_participants',
      'beta_feedback_responses',
      'api_keys',
      'analytics_events',
      'email_outbox',
      'email_suppressions',
    ]) {
      expect(names).toContain(table);
    }
  });

  it('are a no-op the second time', async () => {
    const again = await migrateToLatest(database.db);
    expect(again.results).toEqual([]);
  });

  it('refuse a waitlist status outside the enumeration and a duplicate email in another case', async () => {
    await database.db
      .insertInto('waitlistEntries')
      .values({
        email: 'Ada@Example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
        companyName: 'Engines',
        primaryUse: 'Blog Writing',
      })
      .execute();
    await expect(
      database.db
        .insertInto('waitlistEntries')
        .values({
          email: 'ada@example.COM',
          firstName: 'Ada',
          lastName: 'Lovelace',
          companyName: 'Engines',
          primaryUse: 'Blog Writing',
        })
        .execute(),
    ).rejects.toThrow(/waitlist_entries_email_key|duplicate/);
    await expect(
      database.db
        .insertInto('contactMessages')
        .values({
          name: 'Bo',
          email: 'bo@example.com',
          subject: 'Hello there',
          message: 'A long enough message',
          status: 'archived' as never,
        })
        .execute(),
    ).rejects.toThrow(/check/i);
  });
});

describe('blog seed', () => {
  it('ships at least 9 posts across at least 4 categories, one of them Case Study', async () => {
    const posts = await readBlogPosts();
    expect(posts.length).toBeGreaterThanOrEqual(9);
    const categories = new Set(posts.map((post) => post.category));
    expect(categories.size).toBeGreaterThanOrEqual(4);
    expect(categories).toContain('Case Study');
    expect(posts.some((post) => post.authorEmail && post.authorBio)).toBe(true);
    expect(posts.some((post) => post.featuredImage)).toBe(true);
    expect(posts.some((post) => /\]\(\/[a-z]/.test(post.content))).toBe(true);
  });

  it('imports once: seeding twice leaves one row per post, published and marked imported', async () => {
    const posts = await readBlogPosts();
    await seedBlogPosts(database.db);
    expect(await seedBlogPosts(database.db)).toBe(0);
    const { count } = await database.db
      .selectFrom('blogPosts')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(posts.length);
    const row = await database.db
      .selectFrom('blogPosts')
      .select(['tags', sql<string>`to_char(published_on, 'YYYY-MM-DD')`.as('date')])
      .where('slug', '=', posts[0]!.slug)
      .executeTakeFirstOrThrow();
    expect(row.tags).toEqual(posts[0]!.tags);
    expect(row.date).toBe(posts[0]!.date);
    const statuses = await database.db
      .selectFrom('blogPosts')
      .select(['status', 'importedAt', 'publishedAt'])
      .execute();
    for (const status of statuses) {
      expect(status).toMatchObject({ status: 'published', importedAt: expect.any(Date) });
      expect(status.publishedAt).toBeInstanceOf(Date);
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('concurrent start on PostgreSQL', () => {
  it('two instances migrating the same fresh database at once both succeed', async () => {
    const fresh = await createTestDatabase();
    const second = await createDatabase({ kind: 'postgres', url: fresh.url! });
    try {
      const results = await Promise.all([migrateToLatest(fresh.db), migrateToLatest(second.db)]);
      const applied = results.flatMap((result) => result.results ?? []);
      // Each migration is applied exactly once, by one of the two instances.
      const succeeded = applied
        .filter((result) => result.status === 'Success')
        .map((result) => result.migrationName);
      expect(succeeded.sort()).toEqual(Object.keys(migrations).sort());
    } finally {
      await second.close();
      await fresh.destroy();
    }
  });
});
