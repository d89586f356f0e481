import type { ApiKey, CreatedApiKey } from '@repo/validation';
import {
  API_KEY_DEFAULT_EXPIRY_DAYS,
  API_KEY_MESSAGES,
  API_KEY_PERMISSIONS,
  maskApiKey,
  missingPermissionMessage,
  ROLE_MESSAGES,
  SESSION_ONLY_PERMISSIONS,
} from '@repo/validation';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useAdminContext } from '../helpers/use-context';
import { insertStaffUser, sessionFor } from '../helpers/admin';

const { ctx, admin } = useAdminContext();

/** Creates a key as the signed-in Owner; beta:read unless the payload says otherwise. */
const create = (
  payload: Record<string, unknown>,
  headers: Record<string, string> = admin.headers,
) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/admin/api-keys',
    headers,
    payload: { permissions: ['beta:read'], ...payload },
  });
const listKeys = async () =>
  (
    await ctx.app.inject({ method: 'GET', url: '/api/admin/api-keys', headers: admin.headers })
  ).json<{ apiKeys: ApiKey[] }>().apiKeys;
const revoke = (id: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/admin/api-keys/${id}`, headers: admin.headers });
const withKey = (key: string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/admin/beta/participants',
    headers: { authorization: `Bearer ${key}` },
  });

describe('POST /api/admin/api-keys', () => {
  it('answers 201 with the full key once, live by default, with the name trimmed', async () => {
    const response = await create({ name: '  Zapier sync  ' });
    expect(response.statusCode).toBe(201);
    const body = response.json<CreatedApiKey>();
    expect(body.formattedKey).toMatch(/^wl_live_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    expect(body.formattedKey).toContain(`_${body.keyId}_`);
    expect(body.apiKey).toEqual({
      id: expect.any(String),
      name: 'Zapier sync',
      environment: 'live',
      keyId: body.keyId,
      maskedKey: maskApiKey(body.formattedKey),
      lastUsed: null,
      createdAt: expect.stringMatching(/Z$/),
      isActive: true,
      permissions: ['beta:read'],
      expiresAt: expect.stringMatching(/Z$/),
      lastUsedIp: null,
      createdBy: { id: admin.userId, username: 'staff-admin', name: 'Staff Admin' },
    });
    // 90 days unless told otherwise.
    const days =
      (Date.parse(body.apiKey.expiresAt!) - Date.parse(body.apiKey.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(API_KEY_DEFAULT_EXPIRY_DAYS, 3);
  });

  it('takes an expiry in days, or null for a key that never expires', async () => {
    const week = (await create({ name: 'Week', expiresInDays: 7 })).json<CreatedApiKey>().apiKey;
    expect((Date.parse(week.expiresAt!) - Date.parse(week.createdAt)) / 86_400_000).toBeCloseTo(
      7,
      3,
    );
    const never = await create({ name: 'Never', expiresInDays: null });
    expect(never.statusCode).toBe(201);
    expect(never.json<CreatedApiKey>().apiKey.expiresAt).toBeNull();
  });

  it('creates a test key', async () => {
    const body = (await create({ name: 'Staging', environment: 'test' })).json<CreatedApiKey>();
    expect(body.formattedKey.startsWith('wl_test_')).toBe(true);
    expect(body.apiKey.environment).toBe('test');
  });

  it.each([
    [{ name: '   ' }, 'name', API_KEY_MESSAGES.nameRequired],
    [{}, 'name', API_KEY_MESSAGES.nameRequired],
    [{ name: 'x', environment: 'prod' }, 'environment', API_KEY_MESSAGES.environment],
    [{ name: 'x', permissions: [] }, 'permissions', API_KEY_MESSAGES.permissionsRequired],
    [{ name: 'x', permissions: undefined }, 'permissions', API_KEY_MESSAGES.permissionsRequired],
    [{ name: 'x', permissions: ['root'] }, 'permissions.0', ROLE_MESSAGES.unknownPermission],
    [{ name: 'x', expiresInDays: 0 }, 'expiresInDays', API_KEY_MESSAGES.expiresInDays],
    [{ name: 'x', expiresInDays: 366 }, 'expiresInDays', API_KEY_MESSAGES.expiresInDays],
    [{ name: 'x', expiresInDays: 1.5 }, 'expiresInDays', API_KEY_MESSAGES.expiresInDays],
    [{ name: 'x', expiresInDays: '30' }, 'expiresInDays', API_KEY_MESSAGES.expiresInDays],
  ])('answers 400 to %j', async (payload, path, message) => {
    const before = (await listKeys()).length;
    const response = await create(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toContainEqual({ path, message });
    expect(await listKeys()).toHaveLength(before);
  });

  it.each(SESSION_ONLY_PERMISSIONS)(
    'refuses a key holding %s, even to an Owner (400 naming it)',
    async (permission) => {
      const before = (await listKeys()).length;
      const response = await create({ name: 'Entrenched', permissions: ['beta:read', permission] });
      expect(response.statusCode).toBe(400);
      expect(response.json().issues).toEqual([
        { path: 'permissions', message: API_KEY_MESSAGES.sessionOnly(permission) },
      ]);
      expect(await listKeys()).toHaveLength(before);
    },
  );

  it("refuses a permission the creator's role does not hold (400 naming it)", async () => {
    const headers = await sessionWithCustomRole('key-maker', ['keys:manage', 'waitlist:read']);
    const before = (await listKeys()).length;
    const response = await create(
      { name: 'Wider', permissions: ['waitlist:read', 'waitlist:export'] },
      headers,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([
      { path: 'permissions', message: API_KEY_MESSAGES.notHeld('waitlist:export') },
    ]);
    expect(await listKeys()).toHaveLength(before);
    expect(
      (await create({ name: 'Narrow', permissions: ['waitlist:read'] }, headers)).statusCode,
    ).toBe(201);
  });

  it('stores only a SHA-256 hash of the secret, never the key or the secret', async () => {
    const { formattedKey, keyId } = (await create({ name: 'Hashing' })).json<CreatedApiKey>();
    const secret = formattedKey.split('_').slice(3).join('_');
    const row = await ctx.database.db
      .selectFrom('apiKeys')
      .selectAll()
      .where('keyId', '=', keyId)
      .executeTakeFirstOrThrow();
    expect(row.secretHash).toBe(createHash('sha256').update(secret).digest('hex'));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(secret.slice(0, 20));
    expect(row.keyPrefix).toBe(formattedKey.slice(0, 12));
    expect(row.keyLastFour).toBe(formattedKey.slice(-4));
  });
});

describe('GET /api/admin/api-keys', () => {
  it('lists keys newest first, masked as the spec says, never with the full key', async () => {
    const { formattedKey } = (await create({ name: 'Newest' })).json<CreatedApiKey>();
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/api-keys',
      headers: admin.headers,
    });
    expect(response.body).not.toContain(formattedKey);
    const keys = response.json<{ apiKeys: ApiKey[] }>().apiKeys;
    expect(keys[0]!.name).toBe('Newest');
    const masked = keys[0]!.maskedKey;
    expect(masked).toBe(`${formattedKey.slice(0, 12)}${'*'.repeat(20)}${formattedKey.slice(-4)}`);
    expect(masked).toHaveLength(36);
  });
});

describe('using and revoking a key', () => {
  it('records when a key was last used', async () => {
    const { formattedKey, apiKey } = (await create({ name: 'Used' })).json<CreatedApiKey>();
    expect((await withKey(formattedKey)).statusCode).toBe(200);
    const used = (await listKeys()).find((key) => key.id === apiKey.id)!;
    expect(used.lastUsed).not.toBeNull();
    expect(Date.now() - Date.parse(used.lastUsed!)).toBeLessThan(60_000);
  });

  it('refuses a key with a wrong secret', async () => {
    const { formattedKey } = (await create({ name: 'Tampered' })).json<CreatedApiKey>();
    const last = formattedKey.at(-1) === 'A' ? 'B' : 'A';
    expect((await withKey(`${formattedKey.slice(0, -1)}${last}`)).statusCode).toBe(401);
  });

  it('revokes irreversibly: the key authenticates nothing afterwards, and revoking again is 409', async () => {
    const { formattedKey, apiKey } = (await create({ name: 'To revoke' })).json<CreatedApiKey>();
    expect((await withKey(formattedKey)).statusCode).toBe(200);
    const revoked = await revoke(apiKey.id);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json<{ apiKey: ApiKey }>().apiKey).toMatchObject({
      id: apiKey.id,
      isActive: false,
    });
    expect((await withKey(formattedKey)).statusCode).toBe(401);
    const again = await revoke(apiKey.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().type).toBe('already_revoked');
    const row = await ctx.database.db
      .selectFrom('apiKeys')
      .select(['isActive', 'revokedAt'])
      .where('id', '=', apiKey.id)
      .executeTakeFirstOrThrow();
    expect(row.isActive).toBe(false);
    expect(row.revokedAt).toBeInstanceOf(Date);
  });

  it('refuses to let a key list, create or revoke keys (403 keys:manage, which no key holds)', async () => {
    const { formattedKey, apiKey } = (
      await create({ name: 'Self', permissions: API_KEY_PERMISSIONS })
    ).json<CreatedApiKey>();
    const auth = { authorization: `Bearer ${formattedKey}` };
    const expected = {
      type: 'missing_permission',
      permission: 'keys:manage',
      message: missingPermissionMessage('keys:manage'),
    };
    const list = await ctx.app.inject({ method: 'GET', url: '/api/admin/api-keys', headers: auth });
    expect(list.statusCode).toBe(403);
    expect(list.json()).toEqual(expected);
    const mint = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/api-keys',
      headers: auth,
      payload: { name: 'Minted by a key', permissions: ['beta:read'] },
    });
    expect(mint.statusCode).toBe(403);
    expect(mint.json()).toEqual(expected);
    const revoked = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/api-keys/${apiKey.id}`,
      headers: auth,
    });
    expect(revoked.statusCode).toBe(403);
    expect(revoked.json()).toEqual(expected);
    expect((await listKeys()).map((key) => key.name)).not.toContain('Minted by a key');
    // Still active: the session revokes it, and then the key is refused.
    expect((await withKey(formattedKey)).statusCode).toBe(200);
    expect((await revoke(apiKey.id)).statusCode).toBe(200);
    expect((await withKey(formattedKey)).statusCode).toBe(401);
  });

  it('writes audit entries for create and revoke, without the secret', async () => {
    const { formattedKey, apiKey } = (await create({ name: 'Audited' })).json<CreatedApiKey>();
    await revoke(apiKey.id);
    const entries = await ctx.database.db
      .selectFrom('auditLog')
      .selectAll()
      .where('targetId', '=', apiKey.id)
      .orderBy('id')
      .execute();
    expect(entries.map((entry) => entry.action)).toEqual(['api_key.create', 'api_key.revoke']);
    expect(entries[0]!.actorUserId).toBe(admin.userId);
    expect(JSON.stringify(entries)).not.toContain(formattedKey.split('_').at(-1));
  });

  it('answers 404 to an unknown or malformed id', async () => {
    expect((await revoke('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await revoke('abc')).statusCode).toBe(404);
  });
});

describe('a key at work', () => {
  it('does only what its scopes allow (403 naming the permission otherwise)', async () => {
    const { formattedKey } = (
      await create({ name: 'Reader', permissions: ['beta:read'] })
    ).json<CreatedApiKey>();
    expect((await withKey(formattedKey)).statusCode).toBe(200);
    const waitlist = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/waitlist',
      headers: { authorization: `Bearer ${formattedKey}` },
    });
    expect(waitlist.statusCode).toBe(403);
    expect(waitlist.json()).toEqual({
      type: 'missing_permission',
      permission: 'waitlist:read',
      message: missingPermissionMessage('waitlist:read'),
    });
  });

  it('records the address of its last use', async () => {
    const { formattedKey, apiKey } = (await create({ name: 'Traced' })).json<CreatedApiKey>();
    await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/beta/participants',
      headers: { authorization: `Bearer ${formattedKey}` },
      remoteAddress: '203.0.113.9',
    });
    expect((await listKeys()).find((key) => key.id === apiKey.id)!.lastUsedIp).toBe('203.0.113.9');
  });

  it('answers 401 "expired" once its expiry has passed', async () => {
    const { formattedKey, apiKey } = (
      await create({ name: 'Short-lived', expiresInDays: 1 })
    ).json<CreatedApiKey>();
    expect((await withKey(formattedKey)).statusCode).toBe(200);
    const expiredAt = new Date(Date.now() - 1000);
    await ctx.database.db
      .updateTable('apiKeys')
      .set({ expiresAt: expiredAt })
      .where('id', '=', apiKey.id)
      .execute();
    const response = await withKey(formattedKey);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      message: `This API key expired on ${expiredAt.toISOString()}.`,
      type: 'api_key_expired',
    });
  });

  it('answers 401 "revoked" once revoked, and the unknown key as before', async () => {
    const { formattedKey, apiKey } = (await create({ name: 'Gone' })).json<CreatedApiKey>();
    await revoke(apiKey.id);
    const response = await withKey(formattedKey);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      message: API_KEY_MESSAGES.revoked,
      type: 'api_key_revoked',
    });
    // The wrong secret of a revoked key learns nothing more than any wrong key.
    const wrong = await withKey(
      `${formattedKey.slice(0, -1)}${formattedKey.at(-1) === 'A' ? 'B' : 'A'}`,
    );
    expect(wrong.json()).toEqual({ message: 'Invalid or revoked API key', type: 'unauthorized' });
  });

  it("never does more than its creator's current role: a demotion narrows it, a disabled creator stops it", async () => {
    const creator = await insertStaffUser(ctx, { username: 'key-owner', role: 'owner' });
    const { headers } = await sessionFor(ctx, creator);
    const { formattedKey } = (
      await create({ name: 'Delegated', permissions: ['beta:read', 'audit:read'] }, headers)
    ).json<CreatedApiKey>();
    const audit = () =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/admin/audit-log',
        headers: { authorization: `Bearer ${formattedKey}` },
      });
    expect((await audit()).statusCode).toBe(200);
    await setRole(creator, 'viewer');
    expect((await audit()).json()).toMatchObject({
      type: 'missing_permission',
      permission: 'audit:read',
    });
    expect((await withKey(formattedKey)).statusCode).toBe(200);
    await ctx.database.db
      .updateTable('users')
      .set({ status: 'disabled', disabledAt: new Date() })
      .where('id', '=', creator)
      .execute();
    const stopped = await withKey(formattedKey);
    expect(stopped.statusCode).toBe(401);
    expect(stopped.json()).toEqual({
      message: API_KEY_MESSAGES.creatorDisabled,
      type: 'api_key_creator_disabled',
    });
  });
});

async function setRole(userId: string, key: 'owner' | 'admin' | 'support' | 'viewer') {
  const { db } = ctx.database;
  await db
    .updateTable('users')
    .set({ roleId: db.selectFrom('roles').select('id').where('key', '=', key) })
    .where('id', '=', userId)
    .execute();
}

/** A signed-in account whose custom role holds exactly `permissions`. */
async function sessionWithCustomRole(username: string, permissions: string[]) {
  const { db } = ctx.database;
  const role = await db
    .insertInto('roles')
    .values({ name: `Role of ${username}`, permissions })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = await insertStaffUser(ctx, { username });
  await db.updateTable('users').set({ roleId: role.id }).where('id', '=', id).execute();
  return (await sessionFor(ctx, id)).headers;
}
