import { renderTwoFactorResetEmail } from '@repo/email-templates';
import {
  idParamsSchema,
  messageResponseSchema,
  ROLE_MESSAGES,
  STAFF_ACCOUNT_MESSAGES,
  TWO_FACTOR_MESSAGES,
} from '@repo/validation';
import type { FastifyRequest } from 'fastify';
import {
  actorIsOwner,
  assertMayActOn,
  lockTargetAccount,
} from '../../../../staff-accounts/acting-on';
import { auditActorOf, recordAudit } from '../../../../audit/audit-log';
import { removeSecondFactors } from '../../../../two-factor/two-factor-repository';
import { AppError, conflict, notFound } from '../../../../errors';
import {
  endAllSessions,
  findAccountEmail,
} from '../../../../staff-accounts/staff-accounts-repository';
import { type ApiInstance, errorResponses } from '../../../../route-schemas';

const ACCOUNT_NOT_FOUND = 'Account not found';

/** A colleague's second factor is reset from a signed-in session only, never with a key. */
async function requireSession(request: FastifyRequest) {
  if (request.admin?.kind !== 'session') {
    throw new AppError(403, STAFF_ACCOUNT_MESSAGES.sessionRequired, 'session_required');
  }
}

/**
 * Resetting another account's second factor (issue 19): for a colleague who lost
 * their phone and recovery codes. It removes the account's authenticator app,
 * recovery codes and passkeys, ends its sessions, is audited, and the account's
 * owner is mailed (so a reset they did not ask for does not go unnoticed).
 */
export default async function accountTwoFactorRoutes(fastify: ApiInstance) {
  const { config, db, mailer } = fastify;

  fastify.post(
    '/accounts/:id/two-factor/reset',
    {
      config: { permission: 'staff:manage' },
      preValidation: requireSession,
      schema: {
        summary: "Reset a colleague's second factor",
        params: idParamsSchema(ACCOUNT_NOT_FOUND),
        response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (request.admin?.kind === 'session' && request.admin.user.id === id) {
        throw conflict(TWO_FACTOR_MESSAGES.resetOwnAccount, 'cannot_reset_own_two_factor');
      }
      const account = await findAccountEmail(db, id);
      if (!account) throw notFound(ACCOUNT_NOT_FOUND);
      const signInUrl = `${config.ADMIN_URL.replace(/\/+$/, '')}/auth`;
      const rendered = renderTwoFactorResetEmail({ signInUrl, siteUrl: config.PUBLIC_SITE_URL });
      await db.transaction().execute(async (trx) => {
        // Issue 31: an Owner's second factor is reset by an Owner only, and nobody's
        // by an actor whose role lacks any permission of the account's.
        const target = await lockTargetAccount(trx, id);
        if (target.role.key === 'owner' && !actorIsOwner(request)) {
          throw new AppError(403, ROLE_MESSAGES.ownersOnlyTwoFactorReset, 'cannot_act_on_account');
        }
        assertMayActOn(request, target.permissions);
        const removed = await removeSecondFactors(trx, id);
        const sessionsEnded = await endAllSessions(trx, id);
        await mailer.queue(trx, [
          {
            stream: 'outbound',
            templateId: 'two-factor-reset',
            to: account.email,
            subject: rendered.subject,
            htmlBody: rendered.html,
            textBody: rendered.text,
            headers: [],
          },
        ]);
        await recordAudit(trx, auditActorOf(request), {
          action: 'account.two_factor_reset',
          targetType: 'user',
          targetId: id,
          details: { ...removed, sessionsEnded },
        });
      });
      return { message: TWO_FACTOR_MESSAGES.resetDone };
    },
  );
}
