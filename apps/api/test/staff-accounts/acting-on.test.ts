import { BUILT_IN_ROLES, PERMISSIONS, type Permission, ROLE_MESSAGES } from '@repo/validation';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type AdminSession, insertStaffUser, sessionFor } from '../helpers/admin';
import { useAdminContext } from '../helpers/use-context';

/*
 * Issue 31: acting on an account (role change, disable, enable, delete, end
 * sessions, second-factor reset) needs every permission of its role and of the
 * role given; an Owner's second factor and the two-factor policy are the Owners'.
 * The whole grid of built-in roles is in test/roles/role-matrix.test.ts.
 */

const { ctx, admin: owner } = useAdminContext({ ADMIN_EMAIL_DOMAINS: 'wordloom.ai' });
const db = () => ctx.database.db;

const as = (
  session: AdminSession,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => ctx.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });

/** A custom role of `permissions`, and a signed-in account holding it. */
async function actorWith(name: string, permissions: Permission[]): Promise<AdminSession> {
  const role = await as(owner, 'POST', '/api/admin/roles', { name, permissions });
  expect(role.statusCode).toBe(201);
  const id = await insertStaffUser(ctx, { username: name.toLowerCase().replace(/\W+/g, '-') });
  await db()
    .updateTable('users')
    .set({ roleId: role.json().role.id })
    .where('id', '=', id)
    .execute();
  return sessionFor(ctx, id);
}

const roleId = async (key: 'owner' | 'admin' | 'support' | 'viewer') =>
  (await db().selectFrom('roles').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id;

/** Everything of the account `id` an action could change. */
async function stateOf(id: string) {
  const user = await db()
    .selectFrom('users')
    .select(['status', 'roleId', 'disabledAt'])
    .where('id', '=', id)
    .executeTakeFirst();
  const count = async (table: 'sessions' | 'userTotp' | 'passkeys' | 'userRecoveryCodes') =>
    (await db().selectFrom(table).select('userId').where('userId', '=', id).execute()).length;
  return {
    user,
    sessions: await count('sessions'),
    totp: await count('userTotp'),
    passkeys: await count('passkeys'),
    recoveryCodes: await count('userRecoveryCodes'),
  };
}

/** Gives `id` an authenticator app, a recovery code and a passkey, as rows. */
async function withSecondFactors(id: string) {
  await db()
    .insertInto('userTotp')
    .values({ userId: id, secretSealed: 'sealed', confirmedAt: new Date() })
    .execute();
  await db()
    .insertInto('userRecoveryCodes')
    .values({ userId: id, codeHash: 'a'.repeat(64) })
    .execute();
  await db()
    .insertInto('passkeys')
    .values({
      userId: id,
      credentialId: `cred-${id}`,
      publicKey: new Uint8Array([1, 2, 3]),
      counter: 0,
      name: 'Laptop',
    })
    .execute();
}

const publicSessionId = async (userId: string) => {
  const { sid } = await db()
    .selectFrom('sessions')
    .select('sid')
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return createHash('sha256').update(sid, 'utf8').digest('hex').slice(0, 16);
};

describe('a custom role with staff:manage and waitlist:read (the issue)', () => {
  it('cannot reset, demote, disable or sign out another Owner, nor lift the two-factor policy; nothing changes', async () => {
    const desk = await actorWith('Staff desk', ['staff:manage', 'waitlist:read']);
    const other = await insertStaffUser(ctx, { username: 'other-owner', role: 'owner' });
    await sessionFor(ctx, other);
    await withSecondFactors(other);
    const policy = { requiredForAll: false, requiredRoleIds: [await roleId('viewer')] };
    expect((await as(owner, 'PUT', '/api/admin/settings/two-factor', policy)).statusCode).toBe(200);
    const before = await stateOf(other);
    const auditBefore = await db().selectFrom('auditLog').select('id').execute();

    const attempts = [
      await as(desk, 'POST', `/api/admin/accounts/${other}/two-factor/reset`),
      await as(desk, 'PUT', `/api/admin/accounts/${other}/role`, { roleId: await roleId('owner') }),
      await as(desk, 'POST', `/api/admin/accounts/${other}/disable`),
      await as(
        desk,
        'DELETE',
        `/api/admin/accounts/${other}/sessions/${await publicSessionId(other)}`,
      ),
    ];
    expect(attempts.map((r) => [r.statusCode, r.json().type])).toEqual([
      [403, 'cannot_act_on_account'],
      [403, 'cannot_grant'],
      [403, 'cannot_act_on_account'],
      [403, 'cannot_act_on_account'],
    ]);
    expect(attempts[0]!.json().message).toBe(ROLE_MESSAGES.ownersOnlyTwoFactorReset);
    // Giving the Owner a role the desk holds entirely is refused too: it acts on an Owner.
    const deskRole = (
      await db()
        .selectFrom('roles')
        .select('id')
        .where('name', '=', 'Staff desk')
        .executeTakeFirstOrThrow()
    ).id;
    const demote = await as(desk, 'PUT', `/api/admin/accounts/${other}/role`, { roleId: deskRole });
    expect(demote.statusCode).toBe(403);
    expect(demote.json()).toEqual({
      message: ROLE_MESSAGES.cannotActOn('waitlist:write'),
      type: 'cannot_act_on_account',
    });

    for (const method of ['GET', 'PUT'] as const) {
      const lift = await as(desk, method, '/api/admin/settings/two-factor', {
        requiredForAll: false,
        requiredRoleIds: [],
      });
      expect(lift.statusCode).toBe(403);
      expect(lift.json()).toEqual({
        message: ROLE_MESSAGES.ownersOnlyPolicy,
        type: 'owner_required',
      });
    }
    expect((await as(owner, 'GET', '/api/admin/settings/two-factor')).json()).toEqual(policy);
    expect(await stateOf(other)).toEqual(before);
    expect(before).toMatchObject({ sessions: 1, totp: 1, passkeys: 1, recoveryCodes: 1 });
    expect(await db().selectFrom('auditLog').select('id').execute()).toHaveLength(
      auditBefore.length,
    );
    await as(owner, 'PUT', '/api/admin/settings/two-factor', {
      requiredForAll: false,
      requiredRoleIds: [],
    });
  });

  it('cannot enable a disabled Owner nor delete a pending account given a wider role', async () => {
    const desk = await actorWith('Staff desk 2', ['staff:manage', 'waitlist:read']);
    const disabled = await insertStaffUser(ctx, {
      username: 'sleeping-owner',
      role: 'owner',
      status: 'disabled',
    });
    const pending = await insertStaffUser(ctx, {
      username: 'pending-support',
      role: 'support',
      status: 'pending',
    });
    const enable = await as(desk, 'POST', `/api/admin/accounts/${disabled}/enable`);
    const remove = await as(desk, 'DELETE', `/api/admin/accounts/${pending}`);
    expect([enable.statusCode, enable.json().type]).toEqual([403, 'cannot_act_on_account']);
    expect([remove.statusCode, remove.json().type]).toEqual([403, 'cannot_act_on_account']);
    expect((await stateOf(disabled)).user?.status).toBe('disabled');
    expect((await stateOf(pending)).user?.status).toBe('pending');
  });

  it('cannot change or delete a custom role holding a permission it lacks', async () => {
    const desk = await actorWith('Staff desk 3', ['staff:manage', 'waitlist:read']);
    const wide = await as(owner, 'POST', '/api/admin/roles', {
      name: 'Exporters',
      permissions: ['waitlist:read', 'waitlist:export'],
    });
    const id = wide.json().role.id as string;
    const narrowed = await as(desk, 'PATCH', `/api/admin/roles/${id}`, {
      name: 'Exporters',
      permissions: ['waitlist:read'],
    });
    const deleted = await as(desk, 'DELETE', `/api/admin/roles/${id}`);
    expect([narrowed.statusCode, narrowed.json().type]).toEqual([403, 'cannot_act_on_account']);
    expect([deleted.statusCode, deleted.json().type]).toEqual([403, 'cannot_act_on_account']);
    const row = await db()
      .selectFrom('roles')
      .select('permissions')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.permissions).toEqual(['waitlist:read', 'waitlist:export']);
  });
});

describe('acting on an account', () => {
  it('needs every permission of its current role too: a Support-wide role may act on Viewers, not lift them to Admin nor touch an Admin', async () => {
    const lead = await actorWith('Staff lead', [
      'staff:manage',
      ...new Set<Permission>([...BUILT_IN_ROLES.support.permissions, 'analytics:read']),
    ]);
    const viewer = await insertStaffUser(ctx, { username: 'lead-viewer', role: 'viewer' });
    const adminAccount = await insertStaffUser(ctx, { username: 'lead-admin', role: 'admin' });
    expect((await as(lead, 'POST', `/api/admin/accounts/${viewer}/disable`)).statusCode).toBe(200);
    expect((await as(lead, 'POST', `/api/admin/accounts/${viewer}/enable`)).statusCode).toBe(200);
    const toSupport = await as(lead, 'PUT', `/api/admin/accounts/${viewer}/role`, {
      roleId: await roleId('support'),
    });
    expect(toSupport.statusCode).toBe(200);
    const toAdmin = await as(lead, 'PUT', `/api/admin/accounts/${viewer}/role`, {
      roleId: await roleId('admin'),
    });
    expect(toAdmin.json().type).toBe('cannot_grant');
    const demoteAdmin = await as(lead, 'PUT', `/api/admin/accounts/${adminAccount}/role`, {
      roleId: await roleId('viewer'),
    });
    expect(demoteAdmin.statusCode).toBe(403);
    expect(demoteAdmin.json().type).toBe('cannot_act_on_account');
    expect((await stateOf(adminAccount)).user?.roleId).toBe(await roleId('admin'));
  });

  it("an Owner's second factor is reset only by an Owner, not by a role holding every permission", async () => {
    const deputy = await actorWith('Deputy', [...PERMISSIONS]);
    const target = await insertStaffUser(ctx, { username: 'factor-owner', role: 'owner' });
    await withSecondFactors(target);
    const refused = await as(deputy, 'POST', `/api/admin/accounts/${target}/two-factor/reset`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: ROLE_MESSAGES.ownersOnlyTwoFactorReset,
      type: 'cannot_act_on_account',
    });
    expect(await stateOf(target)).toMatchObject({ totp: 1, passkeys: 1 });
    // The deputy may reset an Admin's; an Owner may reset an Owner's.
    const adminAccount = await insertStaffUser(ctx, { username: 'factor-admin', role: 'admin' });
    expect(
      (await as(deputy, 'POST', `/api/admin/accounts/${adminAccount}/two-factor/reset`)).statusCode,
    ).toBe(200);
    expect(
      (await as(owner, 'POST', `/api/admin/accounts/${target}/two-factor/reset`)).statusCode,
    ).toBe(200);
    expect(await stateOf(target)).toMatchObject({ totp: 0, passkeys: 0, recoveryCodes: 0 });
  });

  it('answers 404 for an unknown account before any permission question', async () => {
    const desk = await actorWith('Staff desk 4', ['staff:manage']);
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['POST', `/api/admin/accounts/${unknown}/disable`],
      ['POST', `/api/admin/accounts/${unknown}/enable`],
      ['DELETE', `/api/admin/accounts/${unknown}`],
      ['POST', `/api/admin/accounts/${unknown}/two-factor/reset`],
    ] as const) {
      expect((await as(desk, method, url)).statusCode, url).toBe(404);
    }
  });
});
