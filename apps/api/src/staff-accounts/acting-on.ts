import type { DB, UserStatus } from '@repo/db';
import { type Permission, permissionsMissingToActOn, ROLE_MESSAGES } from '@repo/validation';
import type { FastifyRequest } from 'fastify';
import { type AuditActor, actorUserIdOf, recordAudit } from '../audit/audit-log';
import { AppError, notFound } from '../errors';
import { permissionsOf, type RoleRef, roleRefOf } from '../roles/roles-repository';
import { revokeInvitationsOutgrowing } from './invitations-repository';

/*
 * Acting on a staff account (issue 31): changing its role, disabling, enabling or
 * deleting it, ending its sessions, resetting its second factor. The rule itself
 * is `canActOn` in @repo/validation (the console hides what it refuses); here the
 * API applies it to the account's role read under a row lock, so a concurrent
 * role change cannot slip between the check and the change.
 */

export interface TargetAccount {
  id: string;
  status: UserStatus;
  role: RoleRef;
  permissions: Permission[];
}

const ACCOUNT_NOT_FOUND = 'Account not found';

/** The account `id` with its role, its row held until the transaction ends; 404 when none. */
export async function lockTargetAccount(trx: DB, id: string): Promise<TargetAccount> {
  const row = await trx
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.roleId')
    .select([
      'users.id',
      'users.status',
      'roles.id as roleId',
      'roles.key',
      'roles.name',
      'roles.permissions',
    ])
    .where('users.id', '=', id)
    .forUpdate('users')
    .executeTakeFirst();
  if (!row) throw notFound(ACCOUNT_NOT_FOUND);
  return {
    id: row.id,
    status: row.status,
    role: roleRefOf({ id: row.roleId, key: row.key, name: row.name }),
    permissions: permissionsOf(row),
  };
}

/** The acting session's role and permissions (the routes take sessions only). */
function actorOf(request: FastifyRequest): { role: RoleRef | null; permissions: Set<Permission> } {
  const admin = request.admin;
  if (admin?.kind !== 'session') return { role: null, permissions: new Set() };
  return { role: admin.role, permissions: new Set(admin.permissions) };
}

/** Whether the acting session is an Owner's. */
export function actorIsOwner(request: FastifyRequest): boolean {
  return actorOf(request).role?.key === 'owner';
}

/**
 * 403 `cannot_act_on_account`, naming the first permission missing, unless the
 * actor holds every permission of `targetPermissions` and of `given` (the role a
 * role change gives). Thrown before anything changes.
 */
export function assertMayActOn(
  request: FastifyRequest,
  targetPermissions: readonly Permission[],
  given: readonly Permission[] = [],
): void {
  const missing = permissionsMissingToActOn(actorOf(request).permissions, targetPermissions, given);
  if (missing.length > 0) {
    throw new AppError(403, ROLE_MESSAGES.cannotActOn(missing[0]!), 'cannot_act_on_account');
  }
}

/**
 * Revokes, with an audit entry each, the open invitations `inviterId` may no
 * longer give: all when it was disabled (`permissions` null), else those whose
 * role holds a permission outside its new role's `permissions`.
 */
export async function revokeOutgrownInvitations(
  trx: DB,
  actor: AuditActor,
  inviterId: string,
  permissions: readonly Permission[] | null,
): Promise<number> {
  const revoked = await revokeInvitationsOutgrowing(
    trx,
    inviterId,
    permissions,
    actorUserIdOf(actor),
  );
  for (const id of revoked) {
    await recordAudit(trx, actor, {
      action: 'account.invite_revoke',
      targetType: 'account_token',
      targetId: id,
      details: { reason: permissions === null ? 'inviter_disabled' : 'inviter_role', inviterId },
    });
  }
  return revoked.length;
}
