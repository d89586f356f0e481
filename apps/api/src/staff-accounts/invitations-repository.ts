import type { DB } from '@repo/db';
import { BUILT_IN_ROLES, canActOn, type Permission, type StaffInvitation } from '@repo/validation';
import { sql } from 'kysely';
import { permissionsOf, roleRefOf } from '../roles/roles-repository';

/*
 * Staff invitations (issue 31) are the `invite` rows of account_tokens: the
 * address, the role given, the inviting account. One is open while it is unused,
 * unrevoked and unexpired; and it is honoured only while its inviter is active and
 * still holds every permission of the role it gives, so an invitation never
 * outlives its inviter's access.
 */

const iso = (value: Date | string): string => new Date(value).toISOString();

function openInvitations(db: DB) {
  return db
    .selectFrom('accountTokens')
    .where('accountTokens.purpose', '=', 'invite')
    .where('accountTokens.usedAt', 'is', null)
    .where('accountTokens.revokedAt', 'is', null)
    .where('accountTokens.expiresAt', '>', sql<Date>`now()`);
}

/** The open invitations, newest first, with the role they give and who sent them. */
export async function listOpenInvitations(db: DB): Promise<StaffInvitation[]> {
  const rows = await openInvitations(db)
    .leftJoin('roles', 'roles.id', 'accountTokens.roleId')
    .leftJoin('users as inviter', 'inviter.id', 'accountTokens.createdBy')
    .select([
      'accountTokens.id',
      'accountTokens.email',
      'accountTokens.createdAt',
      'accountTokens.expiresAt',
      'roles.id as roleId',
      'roles.key as roleKey',
      'roles.name as roleName',
      'inviter.id as inviterId',
      'inviter.username as inviterUsername',
      'inviter.name as inviterName',
    ])
    .orderBy('accountTokens.createdAt', 'desc')
    .orderBy('accountTokens.id')
    .execute();
  const viewer = await viewerRole(db);
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: row.roleId
      ? roleRefOf({ id: row.roleId, key: row.roleKey, name: row.roleName ?? '' })
      : viewer,
    invitedBy:
      row.inviterId && row.inviterUsername !== null
        ? { id: row.inviterId, username: row.inviterUsername, name: row.inviterName ?? '' }
        : null,
    createdAt: iso(row.createdAt),
    expiresAt: iso(row.expiresAt),
  }));
}

/** An invitation whose role was deleted gives Viewer, as the account's default. */
async function viewerRole(db: DB) {
  const row = await db
    .selectFrom('roles')
    .select(['id', 'key', 'name'])
    .where('key', '=', 'viewer')
    .executeTakeFirstOrThrow();
  return roleRefOf(row);
}

/** The permissions of the role an invitation gives (Viewer's when its role is gone). */
const givenPermissions = (row: { roleKey: string | null; rolePermissions: string[] | null }) =>
  row.rolePermissions === null
    ? [...BUILT_IN_ROLES.viewer.permissions]
    : permissionsOf({
        key: row.roleKey as Parameters<typeof permissionsOf>[0]['key'],
        permissions: row.rolePermissions,
      });

/** An open invitation and the permissions of the role it gives; undefined when there is none. */
export async function findOpenInvitation(
  db: DB,
  id: string,
): Promise<{ id: string; email: string; permissions: Permission[] } | undefined> {
  const row = await openInvitations(db)
    .leftJoin('roles', 'roles.id', 'accountTokens.roleId')
    .select([
      'accountTokens.id',
      'accountTokens.email',
      'roles.key as roleKey',
      'roles.permissions as rolePermissions',
    ])
    .where('accountTokens.id', '=', id)
    .forUpdate('accountTokens')
    .executeTakeFirst();
  return row && { id: row.id, email: row.email, permissions: givenPermissions(row) };
}

/** Revokes one open invitation; false when it is not open (used, revoked, expired, unknown). */
export async function revokeInvitation(
  db: DB,
  id: string,
  revokedBy: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('accountTokens')
    .set({ revokedAt: sql<Date>`now()`, revokedBy })
    .where('id', '=', id)
    .where('purpose', '=', 'invite')
    .where('usedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Revokes the open invitations sent by `inviterId` that it may no longer give:
 * all of them when `inviterPermissions` is null (the inviter is disabled), else
 * those whose role holds a permission outside `inviterPermissions` (a demotion).
 * Returns the revoked invitations' ids.
 */
export async function revokeInvitationsOutgrowing(
  db: DB,
  inviterId: string,
  inviterPermissions: readonly Permission[] | null,
  revokedBy: string | null,
): Promise<string[]> {
  const open = await openInvitations(db)
    .leftJoin('roles', 'roles.id', 'accountTokens.roleId')
    .select(['accountTokens.id', 'roles.key as roleKey', 'roles.permissions as rolePermissions'])
    .where('accountTokens.createdBy', '=', inviterId)
    .forUpdate('accountTokens')
    .execute();
  const ids = open
    .filter(
      (row) =>
        inviterPermissions === null || !canActOn(inviterPermissions, [], givenPermissions(row)),
    )
    .map((row) => row.id);
  if (ids.length === 0) return [];
  await db
    .updateTable('accountTokens')
    .set({ revokedAt: sql<Date>`now()`, revokedBy })
    .where('id', 'in', ids)
    .execute();
  return ids;
}

/**
 * Whether an invitation is still vouched for: its inviter is active and holds
 * every permission of the role it gives. Checked when the link is opened and
 * when it is accepted, so a disabled or demoted inviter's link answers as an
 * expired one.
 */
export async function inviterStillVouches(
  db: DB,
  invitation: { createdBy: string | null; roleId: string | null },
): Promise<boolean> {
  if (!invitation.createdBy) return false;
  const inviter = await db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.roleId')
    .select(['users.status', 'roles.key', 'roles.permissions'])
    .where('users.id', '=', invitation.createdBy)
    .executeTakeFirst();
  if (inviter?.status !== 'active') return false;
  const role = invitation.roleId
    ? await db
        .selectFrom('roles')
        .select(['key as roleKey', 'permissions as rolePermissions'])
        .where('id', '=', invitation.roleId)
        .executeTakeFirst()
    : undefined;
  const given = givenPermissions(role ?? { roleKey: null, rolePermissions: null });
  return canActOn(permissionsOf(inviter), [], given);
}
