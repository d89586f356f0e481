import {
  accountRoleSchema,
  idParamsSchema,
  messageResponseSchema,
  type Permission,
  PERMISSION_LABELS,
  PERMISSIONS,
  ROLE_MESSAGES,
  roleInputSchema,
  roleListSchema,
  roleResponseSchema,
  staffAccountResponseSchema,
} from '@repo/validation';
import type { FastifyRequest } from 'fastify';
import { auditActorOf, recordAudit } from '../../../../audit/audit-log';
import { AppError, conflict, notFound } from '../../../../errors';
import {
  countOtherActiveOwners,
  accountIdsWithRole,
  deleteCustomRole,
  findRole,
  insertRole,
  isActiveOwner,
  listRoles,
  lockOwners,
  roleNameTaken,
  setAccountRole,
  updateCustomRole,
} from '../../../../roles/roles-repository';
import { type ApiInstance, errorResponses } from '../../../../route-schemas';
import { findAccount } from '../../../../staff-accounts/staff-accounts-repository';
import {
  assertMayActOn,
  lockTargetAccount,
  revokeOutgrownInvitations,
} from '../../../../staff-accounts/acting-on';

const SESSION_REQUIRED_MESSAGE = 'Managing roles needs a signed-in session.';

/** staff:manage is session-only already; this says so to a key first, as the key routes do. */
async function requireSession(request: FastifyRequest): Promise<void> {
  if (request.admin?.kind !== 'session') {
    throw new AppError(403, SESSION_REQUIRED_MESSAGE, 'session_required');
  }
}

/**
 * Nobody grants more than they hold: a custom role with staff:manage cannot make
 * a role, or give an account one, holding permissions its own role lacks.
 */
function assertHeld(request: FastifyRequest, permissions: readonly Permission[]): void {
  const held = request.admin?.permissions;
  const missing = permissions.find((p) => !held?.has(p));
  if (missing) {
    throw new AppError(403, ROLE_MESSAGES.cannotGrant(missing), 'cannot_grant');
  }
}

const nameTaken = () =>
  new AppError(409, ROLE_MESSAGES.nameTaken, 'role_name_taken', [
    { path: 'name', message: ROLE_MESSAGES.nameTaken },
  ]);

/** Roles (issue 19): the built-in four, read-only, and custom ones made of the permissions. */
export default async function roleRoutes(fastify: ApiInstance) {
  const { db, sessionLifetimes: lifetimes } = fastify;

  fastify.get(
    '/roles',
    {
      config: { permission: 'staff:manage' },
      schema: {
        summary: 'List roles',
        response: { 200: roleListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({
      roles: await listRoles(db),
      permissions: PERMISSIONS.map((id) => ({ id, label: PERMISSION_LABELS[id] })),
    }),
  );

  fastify.post(
    '/roles',
    {
      config: { permission: 'staff:manage' },
      preValidation: requireSession,
      schema: {
        summary: 'Create a role',
        body: roleInputSchema,
        response: { 201: roleResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const input = request.body;
      assertHeld(request, input.permissions);
      const role = await db.transaction().execute(async (trx) => {
        if (await roleNameTaken(trx, input.name)) throw nameTaken();
        const created = await insertRole(trx, {
          ...input,
          createdBy: request.admin?.kind === 'session' ? request.admin.user.id : null,
        });
        await recordAudit(trx, auditActorOf(request), {
          action: 'role.create',
          targetType: 'role',
          targetId: created.id,
          details: { permissions: created.permissions },
        });
        return created;
      });
      return reply.status(201).send({ role });
    },
  );

  fastify.patch(
    '/roles/:id',
    {
      config: { permission: 'staff:manage' },
      preValidation: requireSession,
      schema: {
        summary: 'Update a role',
        params: idParamsSchema(ROLE_MESSAGES.roleNotFound),
        body: roleInputSchema,
        response: { 200: roleResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const input = request.body;
      assertHeld(request, input.permissions);
      const role = await db.transaction().execute(async (trx) => {
        const existing = await findRole(trx, id);
        if (!existing) throw notFound(ROLE_MESSAGES.roleNotFound);
        if (existing.builtIn) throw conflict(ROLE_MESSAGES.builtInReadOnly, 'built_in_role');
        // Issue 31: changing a role acts on every account holding it.
        assertMayActOn(request, existing.permissions);
        if (await roleNameTaken(trx, input.name, id)) throw nameTaken();
        const updated = (await updateCustomRole(trx, id, input))!;
        const actor = auditActorOf(request);
        await recordAudit(trx, actor, {
          action: 'role.update',
          targetType: 'role',
          targetId: id,
          details: { permissions: updated.permissions },
        });
        // Its holders' invitations of a role they no longer cover are revoked, as on a demotion.
        for (const holder of await accountIdsWithRole(trx, id)) {
          await revokeOutgrownInvitations(trx, actor, holder, updated.permissions);
        }
        return updated;
      });
      return { role };
    },
  );

  fastify.delete(
    '/roles/:id',
    {
      config: { permission: 'staff:manage' },
      preValidation: requireSession,
      schema: {
        summary: 'Delete a role',
        params: idParamsSchema(ROLE_MESSAGES.roleNotFound),
        response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await db.transaction().execute(async (trx) => {
        // Serialised with role changes: no account can take the role while it goes.
        await lockOwners(trx);
        const existing = await findRole(trx, id);
        if (!existing) throw notFound(ROLE_MESSAGES.roleNotFound);
        if (existing.builtIn) throw conflict(ROLE_MESSAGES.builtInReadOnly, 'built_in_role');
        assertMayActOn(request, existing.permissions);
        if (existing.accounts > 0) throw conflict(ROLE_MESSAGES.roleInUse, 'role_in_use');
        await deleteCustomRole(trx, id);
        await recordAudit(trx, auditActorOf(request), {
          action: 'role.delete',
          targetType: 'role',
          targetId: id,
        });
      });
      return { message: 'Role deleted' };
    },
  );

  fastify.put(
    '/accounts/:id/role',
    {
      config: { permission: 'staff:manage' },
      preValidation: requireSession,
      schema: {
        summary: "Set an account's role",
        params: idParamsSchema('Account not found'),
        body: accountRoleSchema,
        response: { 200: staffAccountResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { roleId } = request.body;
      await db.transaction().execute(async (trx) => {
        await lockOwners(trx);
        const role = await findRoleOrBadRequest(trx, roleId);
        assertHeld(request, role.permissions);
        // Issue 31: the actor holds every permission of the account's role too.
        const target = await lockTargetAccount(trx, id);
        assertMayActOn(request, target.permissions, role.permissions);
        // Taking Owner from the last active Owner would leave nobody to manage staff.
        if (
          role.key !== 'owner' &&
          (await isActiveOwner(trx, id)) &&
          (await countOtherActiveOwners(trx, id)) === 0
        ) {
          throw conflict(ROLE_MESSAGES.lastOwner, 'last_owner');
        }
        await setAccountRole(trx, id, role.id);
        const actor = auditActorOf(request);
        // A demotion revokes the account's invitations of a role it no longer covers.
        const revoked = await revokeOutgrownInvitations(trx, actor, id, role.permissions);
        await recordAudit(trx, actor, {
          action: 'account.role',
          targetType: 'user',
          targetId: id,
          details: { roleId: role.id, role: role.key ?? 'custom', invitationsRevoked: revoked },
        });
      });
      return { account: (await findAccount(db, lifetimes, id))! };
    },
  );
}

async function findRoleOrBadRequest(db: Parameters<typeof findRole>[0], roleId: string) {
  const role = /^[0-9a-f-]{36}$/i.test(roleId) ? await findRole(db, roleId) : undefined;
  if (!role) {
    throw new AppError(400, ROLE_MESSAGES.roleNotFound, 'validation_error', [
      { path: 'roleId', message: ROLE_MESSAGES.roleNotFound },
    ]);
  }
  return role;
}
