import { invitationAcceptedSchema, invitationAcceptSchema } from '@repo/validation';
import { auditActorOf, recordAudit } from '../../../audit/audit-log';
import { freeLapsedSeats } from '../../../beta/invitation-expiry';
import { hashInvitationToken } from '../../../beta/invitation-token';
import { acceptInvitationByTokenHash, lockBetaCap } from '../../../beta/participants-repository';
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
        body: invitationAcceptSchema,
        response: { 200: invitationAcceptedSchema, ...errorResponses(400, 404, 410, 429) },
      },
    },
    async (request) => {
      const tokenHash = hashInvitationToken(request.body.token);
      // Under the cap lock: an invitation lapsing right now is either accepted
      // or counted as a free seat by an approval, never both.
      const outcome = await db.transaction().execute(async (trx) => {
        await lockBetaCap(trx);
        const accepted = await acceptInvitationByTokenHash(trx, tokenHash);
        if (accepted) {
          await recordAudit(trx, auditActorOf(request), {
            action: 'participant.accept',
            targetType: 'beta_participant',
            targetId: accepted.id,
          });
          return accepted;
        }
        // A lapsed invitation's own link frees its seat at once (committed, then refused).
        const { expired } = await freeLapsedSeats(trx, { mailer, config }, { tokenHash });
        return expired > 0 ? 'expired' : 'unknown';
      });
      if (outcome === 'expired') {
        throw new AppError(410, INVITATION_EXPIRED_MESSAGE, 'invitation_expired');
      }
      if (outcome === 'unknown') throw notFound(INVITATION_NOT_FOUND_MESSAGE);
      return { message: INVITATION_ACCEPTED_MESSAGE, firstName: outcome.firstName };
    },
  );
}
