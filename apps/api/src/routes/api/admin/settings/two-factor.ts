import { ROLE_MESSAGES, TWO_FACTOR_MESSAGES, twoFactorPolicySchema } from '@repo/validation';
import type { FastifyRequest } from 'fastify';
import { actorUserIdOf, auditActorOf, recordAudit } from '../../../../audit/audit-log';
import {
  readTwoFactorPolicy,
  writeTwoFactorPolicy,
} from '../../../../two-factor/two-factor-repository';
import { AppError, badRequest, isUuid } from '../../../../errors';
import { allRolesExist } from '../../../../roles/roles-repository';
import { type ApiInstance, errorResponses } from '../../../../route-schemas';

/** Staff settings are an Owner's, from a signed-in session, not with a key. Told before the body is read. */
async function requireOwnerSession(request: FastifyRequest) {
  if (request.admin?.kind !== 'session') {
    throw new AppError(403, TWO_FACTOR_MESSAGES.sessionRequired, 'session_required');
  }
  // Issue 31: the policy binds every account, Owners too, so it is the Owners' alone
  // (a custom role with staff:manage could otherwise lift it for everyone).
  if (request.admin.role.key !== 'owner') {
    throw new AppError(403, ROLE_MESSAGES.ownersOnlyPolicy, 'owner_required');
  }
}

/**
 * The two-factor policy (issue 19): a second factor required of every account, or
 * of the accounts of some roles. An account it covers that has none is sent to
 * enrol after its password, and every admin route refuses it until it has.
 */
export default async function twoFactorSettingsRoutes(fastify: ApiInstance) {
  const { db } = fastify;

  fastify.get(
    '/settings/two-factor',
    {
      config: { permission: 'staff:manage' },
      preValidation: requireOwnerSession,
      schema: {
        summary: 'Read the two-factor policy',
        response: { 200: twoFactorPolicySchema, ...errorResponses(401, 403) },
      },
    },
    async () => readTwoFactorPolicy(db),
  );

  fastify.put(
    '/settings/two-factor',
    {
      config: { permission: 'staff:manage' },
      preValidation: requireOwnerSession,
      schema: {
        summary: 'Set the two-factor policy',
        body: twoFactorPolicySchema,
        response: { 200: twoFactorPolicySchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const requiredRoleIds = [...new Set(request.body.requiredRoleIds)];
      const unknown = () =>
        badRequest(TWO_FACTOR_MESSAGES.unknownRole, 'validation_error', [
          { path: 'requiredRoleIds', message: TWO_FACTOR_MESSAGES.unknownRole },
        ]);
      if (!requiredRoleIds.every(isUuid)) throw unknown();
      const policy = { requiredForAll: request.body.requiredForAll, requiredRoleIds };
      const actor = auditActorOf(request);
      await db.transaction().execute(async (trx) => {
        if (!(await allRolesExist(trx, requiredRoleIds))) throw unknown();
        await writeTwoFactorPolicy(trx, policy, actorUserIdOf(actor));
        await recordAudit(trx, actor, {
          action: 'settings.two_factor',
          targetType: 'app_setting',
          targetId: 'security.twoFactor',
          details: policy,
        });
      });
      return policy;
    },
  );
}
