import {
  idParamsSchema,
  messageResponseSchema,
  STAFF_ACCOUNT_MESSAGES,
  staffInvitationListSchema,
} from '@repo/validation';
import type { FastifyRequest } from 'fastify';
import { auditActorOf, recordAudit } from '../../../../audit/audit-log';
import { AppError, notFound } from '../../../../errors';
import { assertMayActOn } from '../../../../staff-accounts/acting-on';
import {
  findOpenInvitation,
  listOpenInvitations,
  revokeInvitation,
} from '../../../../staff-accounts/invitations-repository';
import { type ApiInstance, errorResponses } from '../../../../route-schemas';

/** Revoking is a change to staff: from a signed-in session only, never with a key. */
async function requireSession(request: FastifyRequest) {
  if (request.admin?.kind !== 'session') {
    throw new AppError(403, STAFF_ACCOUNT_MESSAGES.sessionRequired, 'session_required');
  }
}

/**
 * Open staff invitations (issue 31): the list (address, role, inviter, expiry)
 * and revoking one. Revoking acts on the account the invitation would make, so
 * it needs every permission of the role it gives, as acting on an account does.
 */
export default async function invitationRoutes(fastify: ApiInstance) {
  const { db } = fastify;

  fastify.get(
    '/accounts/invitations',
    {
      config: { permission: 'staff:manage' },
      schema: {
        summary: 'List open staff invitations',
        response: { 200: staffInvitationListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ invitations: await listOpenInvitations(db) }),
  );

  fastify.delete(
    '/accounts/invitations/:id',
    {
      config: { permission: 'staff:manage' },
      preValidation: requireSession,
      schema: {
        summary: 'Revoke a staff invitation',
        params: idParamsSchema(STAFF_ACCOUNT_MESSAGES.invitationNotFound),
        response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const actor = auditActorOf(request);
      await db.transaction().execute(async (trx) => {
        const invitation = await findOpenInvitation(trx, id);
        if (!invitation) throw notFound(STAFF_ACCOUNT_MESSAGES.invitationNotFound);
        assertMayActOn(request, invitation.permissions);
        await revokeInvitation(trx, id, actor.kind === 'staff' ? actor.userId : null);
        await recordAudit(trx, actor, {
          action: 'account.invite_revoke',
          targetType: 'account_token',
          targetId: id,
          details: { reason: 'revoked' },
        });
      });
      return { message: STAFF_ACCOUNT_MESSAGES.invitationRevoked };
    },
  );
}
