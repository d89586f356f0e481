import { autoFillSettingSchema, autoFillSettingUpdateSchema } from '@repo/validation';
import { actorUserIdOf, auditActorOf, recordAudit } from '../../../../audit/audit-log';
import { fillFreeSeats } from '../../../../beta/auto-fill';
import { lockBetaCap } from '../../../../beta/participants-repository';
import { type ApiInstance, errorResponses } from '../../../../route-schemas';
import { readAutoFill, writeAutoFill } from '../../../../settings/app-settings-repository';
import twoFactorSettingsRoutes from './two-factor';
import ssoSettingsRoutes from './sso';

/** Console switches (issue 11). */
export default async function settingsRoutes(fastify: ApiInstance) {
  const { config, db, mailer } = fastify;
  await fastify.register(twoFactorSettingsRoutes);
  await fastify.register(ssoSettingsRoutes);

  fastify.get(
    '/settings/auto-fill',
    {
      config: { permission: 'beta:read' },
      schema: {
        summary: 'Read the beta auto-fill setting',
        response: { 200: autoFillSettingSchema, ...errorResponses(401) },
      },
    },
    async () => readAutoFill(db),
  );

  /*
   * Auto-fill: when a seat frees, the next confirmed person in the queue is
   * invited. Turning it on fills the seats already free, at once: the switch
   * means "keep the beta full".
   */
  fastify.put(
    '/settings/auto-fill',
    {
      config: { permission: 'beta:approve' },
      schema: {
        summary: 'Set the beta auto-fill setting',
        body: autoFillSettingUpdateSchema,
        response: { 200: autoFillSettingSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { enabled } = request.body;
      const actor = auditActorOf(request);
      return db.transaction().execute(async (trx) => {
        await lockBetaCap(trx);
        const state = await writeAutoFill(trx, enabled, actorUserIdOf(actor));
        await recordAudit(trx, actor, {
          action: 'settings.auto_fill',
          targetType: 'app_setting',
          targetId: 'beta.autoFill',
          details: { enabled },
        });
        const invited = enabled ? await fillFreeSeats(trx, { mailer, config }) : 0;
        return { ...state, invited };
      });
    },
  );
}
