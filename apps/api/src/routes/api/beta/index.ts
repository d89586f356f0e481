import { invitationAcceptedSchema, invitationAcceptSchema } from '@repo/validation';
import { auditActorOf } from '../../../audit/audit-log';
import { acceptInvitation } from '../../../beta/accept-invitation';
import { hashInvitationToken } from '../../../beta/invitation-token';
import { AppError, notFound } from '../../../errors';
import { perMinute } from '../../../plugins/external/rate-limit';
import { type ApiInstance, errorResponses } from '../../../route-schemas';

export const INVITATION_ACCEPTED_MESSAGE = 'Invitation accepted: welcome to the beta';
export const INVITATION_EXPIRED_MESSAGE =
  'This invitation has expired: its seat went back to the beta, and you are back on the waitlist';
export const INVITATION_NOT_FOUND_MESSAGE =
  'This invitation link no longer works: it was already used, a newer invitation replaced it, or it expired';

/**
 * Issue 11: the invitation email links to the site's /beta/accept page, whose
 * button posts the token here. A GET never accepts: mail scanners follow links.
 */
export default async function betaInvitationRoutes(fastify: ApiInstance) {
  const { config, db, mailer } = fastify;

  fastify.post(
    '/beta/invitations/accept',
    {
      config: perMinute(config.RATE_LIMIT_ENABLED, config.RATE_LIMIT_FORMS_MAX),
      schema: {
        summary: 'Accept a beta invitation',
        body: invitationAcceptSchema,
        response: { 200: invitationAcceptedSchema, ...errorResponses(400, 404, 410, 429) },
      },
    },
    async (request) => {
      const tokenHash = hashInvitationToken(request.body.token);
      const outcome = await db
        .transaction()
        .execute((trx) =>
          acceptInvitation(trx, { mailer, config }, tokenHash, auditActorOf(request)),
        );
      if (outcome === 'expired') {
        throw new AppError(410, INVITATION_EXPIRED_MESSAGE, 'invitation_expired');
      }
      if (outcome === 'unknown') throw notFound(INVITATION_NOT_FOUND_MESSAGE);
      return { message: INVITATION_ACCEPTED_MESSAGE, firstName: outcome.firstName };
    },
  );
}
