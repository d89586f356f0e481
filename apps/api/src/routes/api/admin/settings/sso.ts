import {
  ROLE_MESSAGES,
  SSO_MESSAGES,
  ssoSettingsSchema,
  TWO_FACTOR_MESSAGES,
} from '@repo/validation';
import type { FastifyRequest } from 'fastify';
import { actorUserIdOf, auditActorOf, recordAudit } from '../../../../audit/audit-log';
import { AppError, badRequest, isUuid } from '../../../../errors';
import { lockOwners } from '../../../../roles/roles-repository';
import { type ApiInstance, errorResponses } from '../../../../route-schemas';
import { oidcSettingsOf } from '../../../../sso/oidc-client';
import { activeOwnerIds, readSsoSettings, writeSsoSettings } from '../../../../sso/sso-only';

/** Like the two-factor policy, binding every account: an Owner's, from a signed-in session. */
async function requireOwnerSession(request: FastifyRequest) {
  if (request.admin?.kind !== 'session') {
    throw new AppError(403, TWO_FACTOR_MESSAGES.sessionRequired, 'session_required');
  }
  if (request.admin.role.key !== 'owner') {
    throw new AppError(403, ROLE_MESSAGES.ownersOnlyPolicy, 'owner_required');
  }
}

/**
 * "SSO only" (issue 35): password, TOTP and passkey sign-in refused for every
 * account but the break-glass Owners named here.
 */
export default async function ssoSettingsRoutes(fastify: ApiInstance) {
  const { config, db } = fastify;

  fastify.get(
    '/settings/sso',
    {
      config: { permission: 'staff:manage' },
      preValidation: requireOwnerSession,
      schema: {
        summary: 'Read the single sign-on setting',
        response: { 200: ssoSettingsSchema, ...errorResponses(401, 403) },
      },
    },
    async () => readSsoSettings(db),
  );

  fastify.put(
    '/settings/sso',
    {
      config: { permission: 'staff:manage' },
      preValidation: requireOwnerSession,
      schema: {
        summary: 'Set the single sign-on setting',
        body: ssoSettingsSchema,
        response: { 200: ssoSettingsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const settings = {
        ssoOnly: request.body.ssoOnly,
        breakGlassUserIds: [...new Set(request.body.breakGlassUserIds)],
      };
      if (settings.ssoOnly && !oidcSettingsOf(config)) {
        throw badRequest(SSO_MESSAGES.notConfigured, 'sso_not_configured', [
          { path: 'ssoOnly', message: SSO_MESSAGES.notConfigured },
        ]);
      }
      const notOwners = () =>
        badRequest(SSO_MESSAGES.breakGlassNotOwner, 'validation_error', [
          { path: 'breakGlassUserIds', message: SSO_MESSAGES.breakGlassNotOwner },
        ]);
      if (!settings.breakGlassUserIds.every(isUuid)) throw notOwners();
      const actor = auditActorOf(request);
      await db.transaction().execute(async (trx) => {
        await lockOwners(trx);
        const owners = await activeOwnerIds(trx, settings.breakGlassUserIds);
        if (owners.length !== settings.breakGlassUserIds.length) throw notOwners();
        await writeSsoSettings(trx, settings, actorUserIdOf(actor));
        await recordAudit(trx, actor, {
          action: 'settings.sso',
          targetType: 'app_setting',
          targetId: 'security.sso',
          details: settings,
        });
      });
      return settings;
    },
  );
}
