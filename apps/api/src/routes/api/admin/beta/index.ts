import {
  BETA_CAP,
  betaApprovalSchema,
  betaParticipantListSchema,
  betaParticipantSchema,
  idParamsSchema,
  INVITATION_EXPIRY_WARNING_HOURS,
  participantStatusUpdateSchema,
  queuedEmailSchema,
  uuidParam,
} from '@repo/validation';
import { z } from 'zod';
import { auditActorOf, recordAudit } from '../../../../audit/audit-log';
import { emitWebhookEvent, participantSubject } from '../../../../webhooks/webhook-events';
import { fillFreeSeats } from '../../../../beta/auto-fill';
import { prepareWaitlistUpdate, sendWaitlistUpdate } from '../../../../beta/waitlist-update';
import {
  ALREADY_APPROVED_MESSAGE,
  BETA_FULL_MESSAGE,
  invitationExpiry,
  approveForBeta,
  prepareInvitation,
  prepareInvitationWithoutLink,
} from '../../../../beta/invitations';
import {
  countSeatsHeld,
  findParticipant,
  listExpiringInvitations,
  listParticipants,
  lockBetaCap,
  replaceInvitationToken,
  updateParticipantStatus,
} from '../../../../beta/participants-repository';
import { conflict, notFound } from '../../../../errors';
import { type ApiInstance, errorResponses } from '../../../../route-schemas';
import { findWaitlistEntry } from '../../../../waitlist/waitlist-repository';

export { ALREADY_APPROVED_MESSAGE, BETA_FULL_MESSAGE };
export const INVITATION_PENDING_MESSAGE =
  'This invitation has not been accepted yet: it holds its seat until it is accepted or lapses';
export const INVITATION_LAPSED_MESSAGE =
  'This invitation has expired: its seat is free again, and the entry goes back to the queue';

const participantParams = idParamsSchema('Beta participant not found');
const entryParams = idParamsSchema('Waitlist entry not found');

export default async function betaRoutes(fastify: ApiInstance) {
  const { config, db, mailer } = fastify;

  fastify.get(
    '/beta/participants',
    {
      config: { permission: 'beta:read' },
      schema: {
        summary: 'List beta participants',
        response: { 200: betaParticipantListSchema, ...errorResponses(401) },
      },
    },
    async () => {
      const [participants, held, expiringSoon] = await Promise.all([
        listParticipants(db),
        countSeatsHeld(db),
        listExpiringInvitations(db, INVITATION_EXPIRY_WARNING_HOURS),
      ]);
      return {
        participants,
        cap: BETA_CAP,
        seats: { held, free: Math.max(0, BETA_CAP - held), cap: BETA_CAP, expiringSoon },
      };
    },
  );

  /*
   * Spec section 4: active <-> inactive. Issue 11: deactivating frees a seat
   * (auto-fill may take it at once), reactivating needs a free one. An
   * invitation is neither: it becomes active when its link is accepted, and
   * frees its seat when it lapses, so staff cannot flip it here (409).
   */
  fastify.patch(
    '/beta/participants/:id',
    {
      config: { permission: 'beta:approve' },
      schema: {
        summary: 'Update a beta participant',
        params: participantParams,
        body: participantStatusUpdateSchema,
        response: { 200: betaParticipantSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { status } = request.body;
      return db.transaction().execute(async (trx) => {
        // The lock that guards approvals: a reactivation cannot take a seat an approval is taking.
        await lockBetaCap(trx);
        const current = await findParticipant(trx, id);
        if (!current) throw notFound('Beta participant not found');
        if (current.status === 'invited')
          throw conflict(INVITATION_PENDING_MESSAGE, 'invitation_pending');
        const takesSeat = status === 'active' && current.status !== 'active';
        if (takesSeat && (await countSeatsHeld(trx)) >= BETA_CAP) {
          throw conflict(BETA_FULL_MESSAGE, 'beta_full');
        }
        const updated = (await updateParticipantStatus(trx, id, status))!;
        await recordAudit(trx, auditActorOf(request), {
          action: 'participant.status',
          targetType: 'beta_participant',
          targetId: id,
          details: { status },
        });
        if (current.status !== updated.status) {
          await emitWebhookEvent(
            trx,
            'beta.participant_status_changed',
            { participant: updated, previousStatus: current.status },
            participantSubject(updated),
          );
        }
        if (status === 'inactive' && current.status === 'active') {
          await fillFreeSeats(trx, { mailer, config });
        }
        return updated;
      });
    },
  );

  // Spec section 4: approving adds a participant and sends the invitation (issue 11: which holds a seat).
  fastify.post(
    '/beta/approve/:id',
    {
      config: { permission: 'beta:approve' },
      schema: {
        summary: 'Approve a waitlist entry for the beta',
        params: entryParams,
        response: { 201: betaApprovalSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const entry = await findWaitlistEntry(db, id);
      if (!entry) throw notFound('Waitlist entry not found');
      if (entry.participantId) throw conflict(ALREADY_APPROVED_MESSAGE, 'already_approved');
      const invitation = await prepareInvitation(mailer, config, entry, invitationExpiry(config));
      // The cap holds inside the transaction: under the lock, count then insert.
      const result = await db
        .transaction()
        .execute((trx) => approveForBeta(trx, mailer, entry, invitation, auditActorOf(request)));
      return reply.status(201).send(result);
    },
  );

  fastify.post(
    '/beta/send-waitlist-update/:id',
    {
      config: { permission: 'beta:approve' },
      schema: {
        summary: 'Send an entry a waitlist update',
        params: entryParams,
        response: { 202: queuedEmailSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const entry = await findWaitlistEntry(db, id);
      if (!entry) throw notFound('Waitlist entry not found');
      const update = await prepareWaitlistUpdate(mailer, entry);
      const messageId = await db
        .transaction()
        .execute((trx) => sendWaitlistUpdate(trx, mailer, id, update, auditActorOf(request)));
      return reply.status(202).send({ messageId });
    },
  );

  /*
   * A lost invitation. While it holds its seat, the resend carries a new link and
   * the old one stops working; the expiry stays as it was (a resend is no way to
   * hold a seat longer). A lapsed one is refused. An accepted participant gets the
   * invitation again without a link: there is nothing left to accept.
   */
  fastify.post(
    '/beta/resend-invite/:participantId',
    {
      config: { permission: 'beta:approve' },
      schema: {
        summary: 'Resend a beta invitation',
        params: z.object({ participantId: uuidParam('Beta participant not found') }),
        response: { 202: queuedEmailSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const id = request.params.participantId;
      const participant = await findParticipant(db, id);
      if (!participant) throw notFound('Beta participant not found');
      const pending = participant.status === 'invited';
      const invitation = pending
        ? await prepareInvitation(
            mailer,
            config,
            participant,
            new Date(participant.invitationExpiresAt ?? invitationExpiry(config)),
          )
        : undefined;
      const mail = invitation?.mail ?? (await prepareInvitationWithoutLink(mailer, participant));
      const messageId = await db.transaction().execute(async (trx) => {
        if (invitation && !(await replaceInvitationToken(trx, id, invitation.tokenHash))) {
          throw conflict(INVITATION_LAPSED_MESSAGE, 'invitation_expired');
        }
        const [queued] = await mailer.queue(trx, [mail]);
        await recordAudit(trx, auditActorOf(request), {
          action: 'participant.email',
          targetType: 'beta_participant',
          targetId: id,
          details: { template: mail.templateId, messageId: queued },
        });
        return queued;
      });
      return reply.status(202).send({ messageId });
    },
  );
}
