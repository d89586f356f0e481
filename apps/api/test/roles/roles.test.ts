import {
  BUILT_IN_ROLES,
  PERMISSIONS,
  PERMISSION_LABELS,
  ROLE_MESSAGES,
  type Permission,
} from '@repo/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminSession,
  insertStaffUser,
  sessionFor,
  signInAdmin,
  STAFF_PASSWORD,
} from '../helpers/admin';
import { linkTokenMailedTo } from '../helpers/link-tokens';
import { createTestContext, type TestContext } from '../helpers/test-app';

interface Role {
  id: string;
  key: string | null;
  name: string;
  description: string;
  permissions: Permission[];
  builtIn: boolean;
  accounts: number;
}

let ctx: TestContext;
let owner: AdminSession;
beforeAll(async () => {
  ctx = await createTestContext({ ADMIN_EMAIL_DOMAINS: 'wordloom.ai' });
  owner = await signInAdmin(ctx);
});
afterAll(() => ctx.close());

const as = (
  session: { headers: Record<string, string> },
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => ctx.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });

const roles = async () =>
  (await as(owner, 'GET', '/api/admin/roles')).json<{ roles: Role[] }>().roles;
const roleId = async (key: string) => (await roles()).find((r) => r.key === key)!.id;
const auditOf = (action: string) =>
  ctx.database.db
    .selectFrom('auditLog')
    .selectAll()
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .execute();
const roleOfUser = async (userId: string) =>
  (
    await ctx.database.db
      .selectFrom('users')
      .innerJoin('roles', 'roles.id', 'users.roleId')
      .select('roles.key')
      .where('users.id', '=', userId)
      .executeTakeFirstOrThrow()
  ).key;

describe('GET /api/admin/roles', () => {
  it('lists the built-in roles with the code permissions, and every permission with its label', async () => {
    const response = await as(owner, 'GET', '/api/admin/roles');
    expect(response.statusCode).toBe(200);
    const body = response.json<{ roles: Role[]; permissions: { id: string; label: string }[] }>();
    expect(body.roles.map((r) => r.key)).toEqual(['owner', 'admin', 'support', 'viewer']);
    for (const role of body.roles) {
      const builtIn = BUILT_IN_ROLES[role.key as keyof typeof BUILT_IN_ROLES];
      expect(role).toMatchObject({
        name: builtIn.name,
        description: builtIn.description,
        permissions: [...builtIn.permissions],
        builtIn: true,
      });
    }
    expect(body.roles[0]!.accounts).toBe(1);
    expect(body.permissions).toEqual(
      PERMISSIONS.map((id) => ({ id, label: PERMISSION_LABELS[id] })),
    );
  });

  it("takes a built-in role's permissions from the code, never from its row", async () => {
    await ctx.database.db
      .updateTable('roles')
      .set({ permissions: ['staff:manage', 'keys:manage'] })
      .where('key', '=', 'viewer')
      .execute();
    const viewer = await insertStaffUser(ctx, { username: 'row-viewer', role: 'viewer' });
    const session = await sessionFor(ctx, viewer);
    const response = await as(session, 'GET', '/api/admin/accounts');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      type: 'missing_permission',
      permission: 'staff:manage',
    });
  });
});

describe('custom roles', () => {
  let custom: Role;

  it('are created (201, audited), named uniquely whatever the case', async () => {
    const response = await as(owner, 'POST', '/api/admin/roles', {
      name: '  Exporter ',
      description: 'Exports the waitlist',
      permissions: ['waitlist:read', 'waitlist:export', 'waitlist:read'],
    });
    expect(response.statusCode).toBe(201);
    custom = response.json<{ role: Role }>().role;
    expect(custom).toMatchObject({
      key: null,
      name: 'Exporter',
      description: 'Exports the waitlist',
      permissions: ['waitlist:read', 'waitlist:export'],
      builtIn: false,
      accounts: 0,
    });
    expect((await auditOf('role.create'))[0]).toMatchObject({
      targetId: custom.id,
      actorKind: 'staff',
      actorId: owner.userId,
    });
    for (const name of ['exporter', 'OWNER']) {
      const taken = await as(owner, 'POST', '/api/admin/roles', {
        name,
        permissions: ['waitlist:read'],
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().issues).toEqual([{ path: 'name', message: ROLE_MESSAGES.nameTaken }]);
    }
  });

  it.each([
    [{ name: '', permissions: ['waitlist:read'] }, 'name', ROLE_MESSAGES.nameRequired],
    [{ name: 'X', permissions: [] }, 'permissions', ROLE_MESSAGES.permissionsRequired],
    [{ name: 'X', permissions: ['root'] }, 'permissions.0', ROLE_MESSAGES.unknownPermission],
  ])('answer 400 to %j and change nothing', async (payload, path, message) => {
    const before = (await roles()).length;
    const response = await as(owner, 'POST', '/api/admin/roles', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toContainEqual({ path, message });
    expect(await roles()).toHaveLength(before);
  });

  it('are updated (audited); a built-in role is read-only (409)', async () => {
    const updated = await as(owner, 'PATCH', `/api/admin/roles/${custom.id}`, {
      name: 'Exporter',
      permissions: ['waitlist:read', 'waitlist:export', 'contacts:export'],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<{ role: Role }>().role.permissions).toEqual([
      'waitlist:read',
      'waitlist:export',
      'contacts:export',
    ]);
    expect((await auditOf('role.update'))[0]).toMatchObject({ targetId: custom.id });
    const builtIn = await as(owner, 'PATCH', `/api/admin/roles/${await roleId('viewer')}`, {
      name: 'Viewer',
      permissions: ['waitlist:read'],
    });
    expect(builtIn.statusCode).toBe(409);
    expect(builtIn.json()).toMatchObject({ message: ROLE_MESSAGES.builtInReadOnly });
    const deleted = await as(owner, 'DELETE', `/api/admin/roles/${await roleId('support')}`);
    expect(deleted.statusCode).toBe(409);
    expect(
      (
        await as(owner, 'PATCH', `/api/admin/roles/${crypto.randomUUID()}`, {
          name: 'Nobody',
          permissions: ['waitlist:read'],
        })
      ).statusCode,
    ).toBe(404);
  });

  it('give their permissions to their accounts, and cannot be deleted while given (409)', async () => {
    const member = await insertStaffUser(ctx, { username: 'exporter', role: 'viewer' });
    const session = await sessionFor(ctx, member);
    expect((await as(session, 'GET', '/api/admin/waitlist/export')).statusCode).toBe(403);
    const assigned = await as(owner, 'PUT', `/api/admin/accounts/${member}/role`, {
      roleId: custom.id,
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().account.role).toEqual({ id: custom.id, key: null, name: 'Exporter' });
    expect((await auditOf('account.role'))[0]).toMatchObject({ targetId: member });
    // The next request already has the new role.
    expect((await as(session, 'GET', '/api/admin/waitlist/export')).statusCode).toBe(200);
    expect((await as(session, 'GET', '/api/admin/feedback')).statusCode).toBe(403);

    const inUse = await as(owner, 'DELETE', `/api/admin/roles/${custom.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({ message: ROLE_MESSAGES.roleInUse });
    await as(owner, 'PUT', `/api/admin/accounts/${member}/role`, {
      roleId: await roleId('viewer'),
    });
    const gone = await as(owner, 'DELETE', `/api/admin/roles/${custom.id}`);
    expect(gone.statusCode).toBe(200);
    expect((await auditOf('role.delete'))[0]).toMatchObject({ targetId: custom.id });
    expect((await roles()).map((r) => r.id)).not.toContain(custom.id);
  });

  it('answer 400 to an unknown role and 404 to an unknown account', async () => {
    const member = await insertStaffUser(ctx, { username: 'unmoved', role: 'viewer' });
    const unknownRole = await as(owner, 'PUT', `/api/admin/accounts/${member}/role`, {
      roleId: crypto.randomUUID(),
    });
    expect(unknownRole.statusCode).toBe(400);
    expect(unknownRole.json().issues).toEqual([
      { path: 'roleId', message: ROLE_MESSAGES.roleNotFound },
    ]);
    const unknownAccount = await as(
      owner,
      'PUT',
      `/api/admin/accounts/${crypto.randomUUID()}/role`,
      {
        roleId: await roleId('viewer'),
      },
    );
    expect(unknownAccount.statusCode).toBe(404);
    expect(await roleOfUser(member)).toBe('viewer');
  });
});

describe('at least one active Owner', () => {
  it('remains: the last one cannot lose the role (409), another one can', async () => {
    const refused = await as(owner, 'PUT', `/api/admin/accounts/${owner.userId}/role`, {
      roleId: await roleId('admin'),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: ROLE_MESSAGES.lastOwner, type: 'last_owner' });
    expect(await roleOfUser(owner.userId)).toBe('owner');

    const second = await insertStaffUser(ctx, { username: 'second-owner', role: 'owner' });
    const demoted = await as(owner, 'PUT', `/api/admin/accounts/${second}/role`, {
      roleId: await roleId('support'),
    });
    expect(demoted.statusCode).toBe(200);
    expect(await roleOfUser(second)).toBe('support');
  });

  it('remains: the last one cannot be disabled (409), even by a custom role holding everything', async () => {
    // Issue 31: only a role holding every permission of Owner may act on an Owner at all.
    const everything = await as(owner, 'POST', '/api/admin/roles', {
      name: 'Everything',
      permissions: [...PERMISSIONS],
    });
    const deputy = await insertStaffUser(ctx, { username: 'deputy' });
    await as(owner, 'PUT', `/api/admin/accounts/${deputy}/role`, {
      roleId: everything.json().role.id,
    });
    const last = await as(
      await sessionFor(ctx, deputy),
      'POST',
      `/api/admin/accounts/${owner.userId}/disable`,
    );
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({ message: ROLE_MESSAGES.lastOwner, type: 'last_owner' });

    const manager = await insertStaffUser(ctx, { username: 'staff-manager' });
    const role = await as(owner, 'POST', '/api/admin/roles', {
      name: 'Staff manager',
      permissions: ['staff:manage'],
    });
    await as(owner, 'PUT', `/api/admin/accounts/${manager}/role`, {
      roleId: role.json().role.id,
    });
    const session = await sessionFor(ctx, manager);
    const refused = await as(session, 'POST', `/api/admin/accounts/${owner.userId}/disable`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ type: 'cannot_act_on_account' });
    const status = await ctx.database.db
      .selectFrom('users')
      .select('status')
      .where('id', '=', owner.userId)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('active');

    // Nor can it grant what it does not hold: Owner, or a role wider than its own.
    const grant = await as(session, 'PUT', `/api/admin/accounts/${manager}/role`, {
      roleId: await roleId('owner'),
    });
    expect(grant.statusCode).toBe(403);
    expect(grant.json()).toMatchObject({ type: 'cannot_grant' });
    const wider = await as(session, 'POST', '/api/admin/roles', {
      name: 'Wider',
      permissions: ['staff:manage', 'people:erase'],
    });
    expect(wider.statusCode).toBe(403);
    expect(wider.json()).toMatchObject({
      type: 'cannot_grant',
      message: ROLE_MESSAGES.cannotGrant('people:erase'),
    });
    expect(await roleOfUser(manager)).toBeNull();
  });
});

describe('who am I', () => {
  it('GET /api/user and the sign-in answer carry the role and its permissions', async () => {
    await insertStaffUser(ctx, { username: 'support-person', role: 'support' });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'support-person', password: STAFF_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const expected = {
      username: 'support-person',
      role: { id: await roleId('support'), key: 'support', name: 'Support' },
      permissions: [...BUILT_IN_ROLES.support.permissions],
    };
    expect(login.json()).toMatchObject(expected);
    const cookie = login.cookies.find((c) => c.name === 'wl_sid')!;
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: `${cookie.name}=${cookie.value}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject(expected);
  });

  it('the staff list shows each account with its role', async () => {
    const response = await as(owner, 'GET', '/api/admin/accounts');
    const accounts = response.json<{ accounts: { id: string; role: { key: string } }[] }>()
      .accounts;
    expect(accounts.find((a) => a.id === owner.userId)!.role).toMatchObject({
      key: 'owner',
      name: 'Owner',
    });
  });
});

describe('an invitation', () => {
  const accept = async (email: string, username: string) => {
    const token = await linkTokenMailedTo(ctx, email);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/accept-invite',
      payload: { token, username, name: 'Invited Person', password: 'a-long-enough-password-1' },
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string; role: { key: string | null }; permissions: string[] }>();
  };

  it('gives the role chosen, and Viewer when none is', async () => {
    const support = await as(owner, 'POST', '/api/admin/accounts/invite', {
      email: 'support-invitee@wordloom.ai',
      roleId: await roleId('support'),
    });
    expect(support.statusCode).toBe(201);
    const accepted = await accept('support-invitee@wordloom.ai', 'support-invitee');
    expect(accepted.role.key).toBe('support');
    expect(accepted.permissions).toEqual([...BUILT_IN_ROLES.support.permissions]);
    expect(await roleOfUser(accepted.id)).toBe('support');

    await as(owner, 'POST', '/api/admin/accounts/invite', { email: 'plain@wordloom.ai' });
    expect(await roleOfUser((await accept('plain@wordloom.ai', 'plain-invitee')).id)).toBe(
      'viewer',
    );
  });

  it('refuses an unknown role (400) and a role wider than the inviter holds (403), sending nothing', async () => {
    const before = await ctx.database.db.selectFrom('accountTokens').select('id').execute();
    const unknown = await as(owner, 'POST', '/api/admin/accounts/invite', {
      email: 'nobody@wordloom.ai',
      roleId: crypto.randomUUID(),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues).toEqual([
      { path: 'roleId', message: ROLE_MESSAGES.roleNotFound },
    ]);
    const manager = await insertStaffUser(ctx, { username: 'inviting-manager' });
    const role = await as(owner, 'POST', '/api/admin/roles', {
      name: 'Inviter',
      permissions: ['staff:manage', 'waitlist:read'],
    });
    await as(owner, 'PUT', `/api/admin/accounts/${manager}/role`, { roleId: role.json().role.id });
    const wider = await as(await sessionFor(ctx, manager), 'POST', '/api/admin/accounts/invite', {
      email: 'wider@wordloom.ai',
      roleId: await roleId('admin'),
    });
    expect(wider.statusCode).toBe(403);
    expect(wider.json()).toMatchObject({ type: 'cannot_grant' });
    expect(await ctx.database.db.selectFrom('accountTokens').select('id').execute()).toHaveLength(
      before.length,
    );
  });
});

describe('self-registration by an approved domain (no invitation)', () => {
  it('gives Viewer', async () => {
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        username: 'self-made',
        email: 'self-made@wordloom.ai',
        name: 'Self Made',
        password: 'a-long-enough-password-1',
      },
    });
    expect(registered.statusCode).toBe(201);
    const token = await linkTokenMailedTo(ctx, 'self-made@wordloom.ai');
    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/api/verify-email',
      payload: { token, password: 'a-long-enough-password-2' },
    });
    expect(verified.statusCode).toBe(200);
    const user = await ctx.database.db
      .selectFrom('users')
      .select(['id', 'status'])
      .where('username', '=', 'self-made')
      .executeTakeFirstOrThrow();
    expect(user.status).toBe('active');
    expect(await roleOfUser(user.id)).toBe('viewer');
  });
});

describe('an API key', () => {
  it('can never manage roles (no key holds staff:manage)', async () => {
    const created = await as(owner, 'POST', '/api/admin/api-keys', {
      name: 'All',
      permissions: ['waitlist:read'],
    });
    const authorization = `Bearer ${created.json().formattedKey}`;
    for (const [method, url] of [
      ['GET', '/api/admin/roles'],
      ['POST', '/api/admin/roles'],
      ['PUT', `/api/admin/accounts/${owner.userId}/role`],
    ] as const) {
      const response = await ctx.app.inject({
        method,
        url,
        headers: { authorization },
        payload: method === 'GET' ? undefined : { name: 'k', permissions: ['waitlist:read'] },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ permission: 'staff:manage' });
    }
  });
});
