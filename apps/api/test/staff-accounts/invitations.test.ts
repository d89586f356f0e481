import { BUILT_IN_ROLES, STAFF_ACCOUNT_MESSAGES } from '@repo/validation';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type AdminSession, insertStaffUser, sessionFor } from '../helpers/admin';
import { linkTokenMailedTo } from '../helpers/link-tokens';
import { useAdminContext } from '../helpers/use-context';

/*
 * Issue 31: an invitation never outlives its inviter's access. At acceptance the
 * inviter must be active and hold every permission of the role given; disabling
 * or demoting an account revokes its open invitations; staff see and revoke them.
 */

const { ctx, admin: owner } = useAdminContext({ ADMIN_EMAIL_DOMAINS: 'wordloom.ai' });
const db = () => ctx.database.db;

const as = (
  session: AdminSession,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => ctx.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });

const roleId = async (key: 'owner' | 'admin' | 'support' | 'viewer') =>
  (await db().selectFrom('roles').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id;

/** Another Owner, signed in. */
async function anotherOwner(username: string): Promise<AdminSession> {
  return sessionFor(ctx, await insertStaffUser(ctx, { username, role: 'owner' }));
}

/** `inviter` invites `email` with the role `key`; the link's token and the invitation's id. */
async function invite(inviter: AdminSession, email: string, key: 'owner' | 'admin' | 'viewer') {
  const sent = await as(inviter, 'POST', '/api/admin/accounts/invite', {
    email,
    roleId: await roleId(key),
  });
  expect(sent.statusCode).toBe(201);
  const { id } = await db()
    .selectFrom('accountTokens')
    .select('id')
    .where('email', '=', email)
    .orderBy('createdAt', 'desc')
    .executeTakeFirstOrThrow();
  return { token: await linkTokenMailedTo(ctx, email), id };
}

const openLink = (token: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/invite?token=${token}` });
const accept = (token: string, username: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/accept-invite',
    payload: { token, username, name: 'New Hire', password: 'a-long-password' },
  });
const INVALID = { type: 'invalid_token', message: 'This link is invalid or has expired.' };

const accountsNamed = (username: string) =>
  db().selectFrom('users').select('id').where('username', '=', username).execute();
const revocations = (tokenId: string) =>
  db()
    .selectFrom('auditLog')
    .selectAll()
    .where('action', '=', 'account.invite_revoke')
    .where('targetId', '=', tokenId)
    .execute();

describe('an invitation whose inviter lost access', () => {
  it('is revoked when the inviter is disabled, and its link answers as expired', async () => {
    const inviter = await anotherOwner('fleeting-owner');
    const { token, id } = await invite(inviter, 'would-be-owner@wordloom.ai', 'owner');
    expect((await openLink(token)).statusCode).toBe(200);

    const disabled = await as(owner, 'POST', `/api/admin/accounts/${inviter.userId}/disable`);
    expect(disabled.statusCode).toBe(200);

    expect((await openLink(token)).json()).toEqual(INVALID);
    const accepted = await accept(token, 'wouldbeowner');
    expect(accepted.statusCode).toBe(400);
    expect(accepted.json()).toEqual(INVALID);
    expect(await accountsNamed('wouldbeowner')).toEqual([]);
    const [entry] = await revocations(id);
    expect(entry).toMatchObject({
      actorUserId: owner.userId,
      targetType: 'account_token',
      details: { reason: 'inviter_disabled', inviterId: inviter.userId },
    });
  });

  it('is revoked when the inviter is demoted below its role; invitations the new role covers stay', async () => {
    const inviter = await anotherOwner('demoted-owner');
    const asOwner = await invite(inviter, 'owner-to-be@wordloom.ai', 'owner');
    const asViewer = await invite(inviter, 'viewer-to-be@wordloom.ai', 'viewer');

    const demoted = await as(owner, 'PUT', `/api/admin/accounts/${inviter.userId}/role`, {
      roleId: await roleId('viewer'),
    });
    expect(demoted.statusCode).toBe(200);

    expect((await accept(asOwner.token, 'ownertobe')).json()).toEqual(INVALID);
    expect(await revocations(asOwner.id)).toEqual([
      expect.objectContaining({ details: { reason: 'inviter_role', inviterId: inviter.userId } }),
    ]);
    expect(await revocations(asViewer.id)).toEqual([]);
    const viewer = await accept(asViewer.token, 'viewertobe');
    expect(viewer.statusCode).toBe(201);
    expect(viewer.json()).toMatchObject({ role: { key: 'viewer' } });
  });

  it('answers as expired at acceptance even when nothing revoked it (the inviter changed behind the routes)', async () => {
    const inviter = await anotherOwner('quiet-owner');
    const first = await invite(inviter, 'first-quiet@wordloom.ai', 'admin');
    const second = await invite(inviter, 'second-quiet@wordloom.ai', 'admin');
    // Demoted to Support without the route (as a custom role losing a permission would be).
    await db()
      .updateTable('users')
      .set({ roleId: await roleId('support') })
      .where('id', '=', inviter.userId)
      .execute();
    expect((await openLink(first.token)).json()).toEqual(INVALID);
    expect((await accept(first.token, 'firstquiet')).json()).toEqual(INVALID);
    // Disabled without the route.
    await db()
      .updateTable('users')
      .set({ roleId: await roleId('owner'), status: 'disabled' })
      .where('id', '=', inviter.userId)
      .execute();
    expect((await accept(second.token, 'secondquiet')).json()).toEqual(INVALID);
    expect(await accountsNamed('firstquiet')).toEqual([]);
    expect(await accountsNamed('secondquiet')).toEqual([]);
  });

  it('is revoked when a custom role its inviter holds loses a permission of the role given', async () => {
    const role = await as(owner, 'POST', '/api/admin/roles', {
      name: 'Hiring desk',
      // A Viewer's reading, and staff:manage.
      permissions: ['staff:manage', ...BUILT_IN_ROLES.viewer.permissions],
    });
    const id = await insertStaffUser(ctx, { username: 'hiring-desk' });
    await db()
      .updateTable('users')
      .set({ roleId: role.json().role.id })
      .where('id', '=', id)
      .execute();
    const desk = await sessionFor(ctx, id);
    const sent = await invite(desk, 'desk-hire@wordloom.ai', 'viewer');
    const narrowed = await as(owner, 'PATCH', `/api/admin/roles/${role.json().role.id}`, {
      name: 'Hiring desk',
      permissions: ['staff:manage', 'waitlist:read'],
    });
    expect(narrowed.statusCode).toBe(200);
    expect(await revocations(sent.id)).toHaveLength(1);
    expect((await accept(sent.token, 'deskhire')).json()).toEqual(INVALID);
  });
});

describe('open invitations', () => {
  it('are listed with address, role, inviter and expiry; used, revoked and expired ones are not', async () => {
    const open = await invite(owner, 'listed@wordloom.ai', 'admin');
    const used = await invite(owner, 'used@wordloom.ai', 'viewer');
    expect((await accept(used.token, 'usedone')).statusCode).toBe(201);
    const expired = await invite(owner, 'expired@wordloom.ai', 'viewer');
    await db()
      .updateTable('accountTokens')
      .set({ expiresAt: sql<Date>`now() - interval '1 minute'` })
      .where('id', '=', expired.id)
      .execute();
    const list = await as(owner, 'GET', '/api/admin/accounts/invitations');
    expect(list.statusCode).toBe(200);
    const invitations = list.json().invitations as { id: string }[];
    expect(invitations.find((i) => i.id === open.id)).toEqual({
      id: open.id,
      email: 'listed@wordloom.ai',
      role: { id: await roleId('admin'), key: 'admin', name: 'Admin' },
      invitedBy: { id: owner.userId, username: 'staff-admin', name: 'Staff Admin' },
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
    });
    const ids = invitations.map((i) => i.id);
    expect(ids).not.toContain(used.id);
    expect(ids).not.toContain(expired.id);
  });

  it('are revoked by staff (audited): the link stops working, a second revoke is 404', async () => {
    const sent = await invite(owner, 'revoked@wordloom.ai', 'viewer');
    const revoked = await as(owner, 'DELETE', `/api/admin/accounts/invitations/${sent.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ message: STAFF_ACCOUNT_MESSAGES.invitationRevoked });
    expect(await revocations(sent.id)).toEqual([
      expect.objectContaining({ actorUserId: owner.userId, details: { reason: 'revoked' } }),
    ]);
    expect((await openLink(sent.token)).json()).toEqual(INVALID);
    expect((await accept(sent.token, 'revokedone')).json()).toEqual(INVALID);
    const list = await as(owner, 'GET', '/api/admin/accounts/invitations');
    expect(list.json().invitations.map((i: { id: string }) => i.id)).not.toContain(sent.id);

    for (const id of [sent.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const again = await as(owner, 'DELETE', `/api/admin/accounts/invitations/${id}`);
      expect(again.statusCode, id).toBe(404);
      expect(again.json()).toEqual({
        type: 'not_found',
        message: STAFF_ACCOUNT_MESSAGES.invitationNotFound,
      });
    }
  });

  it("revoking needs every permission of the invitation's role (403, nothing changes); a Viewer cannot list them", async () => {
    const sent = await invite(owner, 'kept@wordloom.ai', 'owner');
    const role = await as(owner, 'POST', '/api/admin/roles', {
      name: 'Invitation desk',
      permissions: ['staff:manage', 'waitlist:read'],
    });
    const id = await insertStaffUser(ctx, { username: 'invitation-desk' });
    await db()
      .updateTable('users')
      .set({ roleId: role.json().role.id })
      .where('id', '=', id)
      .execute();
    const desk = await sessionFor(ctx, id);
    const refused = await as(desk, 'DELETE', `/api/admin/accounts/invitations/${sent.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().type).toBe('cannot_act_on_account');
    expect(await revocations(sent.id)).toEqual([]);
    expect((await openLink(sent.token)).statusCode).toBe(200);

    const viewer = await sessionFor(
      ctx,
      await insertStaffUser(ctx, { username: 'inv-viewer', role: 'viewer' }),
    );
    const listed = await as(viewer, 'GET', '/api/admin/accounts/invitations');
    expect(listed.statusCode).toBe(403);
    expect(listed.json().type).toBe('missing_permission');
  });
});
