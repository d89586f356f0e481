import type { ApiKey, CreatedApiKey } from '@repo/api-client';
import { API_KEY_MESSAGES, maskApiKey } from '@repo/validation';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, signInAdmin } from '../helpers/admin';
import { createTestContext, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let admin: AdminSession;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAdmin(ctx);
});
afterAll(() => ctx.close());

const create = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/admin/api-keys', headers: admin.headers, payload });
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
    });
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
  ])('answers 400 to %j', async (payload, path, message) => {
    const response = await create(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toContainEqual({ path, message });
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

  it('refuses to let a key create or revoke keys (403 session_required): a key cannot mint keys', async () => {
    const { formattedKey, apiKey } = (await create({ name: 'Self' })).json<CreatedApiKey>();
    const auth = { authorization: `Bearer ${formattedKey}` };
    const expected = {
      type: 'session_required',
      message: 'Creating or revoking API keys needs a signed-in session.',
    };
    const mint = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/api-keys',
      headers: auth,
      payload: { name: 'Minted by a key' },
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
