import { migrateToLatest, migrations } from '@repo/db';
import { createTestDatabase, type TestDatabase } from '@repo/db/testing';
import { type Kysely, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * Migration 016 on a database that already has accounts, keys and audit entries:
 * every account could do everything before, so the oldest active one becomes
 * Owner and every other one Admin; keys keep every permission a key may hold and
 * never expire; old audit entries get the kind their columns tell.
 */
let database: TestDatabase;
const run = (query: ReturnType<typeof sql>) => query.execute(database.db);

beforeAll(async () => {
  database = await createTestDatabase();
  const before = Object.keys(migrations).filter((name) => name < '2026-11-26-016');
  const migrator = new Migrator({
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    db: database.db as unknown as Kysely<any>,
    provider: { getMigrations: async () => migrations },
  });
  const result = await migrator.migrateTo(before.at(-1)!);
  if (result.error) throw result.error;

  const user = (username: string, status: string, createdAt: string) =>
    run(sql`insert into users (username, email, name, password_hash, status, created_at)
      values (${username}, ${`${username}@wordloom.ai`}, ${username},
        ${status === 'pending' ? null : 'x'}, ${status}, ${createdAt})`);
  await user('pending-first', 'pending', '2026-01-01');
  await user('disabled-first', 'disabled', '2026-01-02');
  await user('founder', 'active', '2026-01-03');
  await user('colleague', 'active', '2026-01-04');
  await run(sql`insert into api_keys (name, environment, key_id, secret_hash, key_prefix, key_last_four)
    values ('Old key', 'live', '522d960d9669afcb', 'hash', 'wl_live_522d', 'abcd')`);
  const founder = await run(sql`select id from users where username = 'founder'`);
  const founderId = (founder.rows[0] as { id: string }).id;
  for (const [userId, label] of [
    [founderId, 'founder'],
    [founderId, 'API key 0000000000000000'],
    [null, 'API key 522d960d9669afcb'],
    [null, 'auto-fill'],
    [null, 'admin:create (command line)'],
    [null, 'invite code'],
    [null, 'anonymous'],
  ] as const) {
    await run(sql`insert into audit_log (actor_user_id, actor_label, action)
      values (${userId}, ${label}, 'export.csv')`);
  }
  await migrateToLatest(database.db);
});
afterAll(() => database.destroy());

describe('migration 016', () => {
  it('makes the oldest active account Owner and every other one Admin', async () => {
    const rows = await database.db
      .selectFrom('users')
      .innerJoin('roles', 'roles.id', 'users.roleId')
      .select(['users.username', 'roles.key'])
      .orderBy('users.createdAt')
      .execute();
    expect(rows).toEqual([
      { username: 'pending-first', key: 'admin' },
      { username: 'disabled-first', key: 'admin' },
      { username: 'founder', key: 'owner' },
      { username: 'colleague', key: 'admin' },
    ]);
  });

  it('keeps what existing keys could do, without expiry or creator', async () => {
    const key = await database.db.selectFrom('apiKeys').selectAll().executeTakeFirstOrThrow();
    expect(key.permissions).not.toContain('keys:manage');
    expect(key.permissions).not.toContain('staff:manage');
    expect(key.permissions).toHaveLength(21);
    expect(key).toMatchObject({ expiresAt: null, createdBy: null, lastUsedIp: null });
  });

  it("gives old audit entries the kind their columns tell, not the label's", async () => {
    const key = await database.db.selectFrom('apiKeys').select('id').executeTakeFirstOrThrow();
    const founder = await database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'founder')
      .executeTakeFirstOrThrow();
    const rows = await database.db
      .selectFrom('auditLog')
      .select(['actorLabel', 'actorKind', 'actorId'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { actorLabel: 'founder', actorKind: 'staff', actorId: founder.id },
      // A staff member whose name reads like a key's label stays staff.
      { actorLabel: 'API key 0000000000000000', actorKind: 'staff', actorId: founder.id },
      { actorLabel: 'API key 522d960d9669afcb', actorKind: 'api_key', actorId: key.id },
      { actorLabel: 'auto-fill', actorKind: 'system', actorId: null },
      { actorLabel: 'admin:create (command line)', actorKind: 'system', actorId: null },
      { actorLabel: 'invite code', actorKind: 'public', actorId: null },
      { actorLabel: 'anonymous', actorKind: 'public', actorId: null },
    ]);
  });

  it('gives an account written without a role Viewer once an account exists', async () => {
    const row = await database.db
      .insertInto('users')
      .values({ username: 'late', email: 'late@wordloom.ai', name: 'Late', passwordHash: 'x' })
      .returning('roleId')
      .executeTakeFirstOrThrow();
    const role = await database.db
      .selectFrom('roles')
      .select('key')
      .where('id', '=', row.roleId)
      .executeTakeFirstOrThrow();
    expect(role.key).toBe('viewer');
  });
});
