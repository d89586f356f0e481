import { findEmailTemplate } from '@repo/email-templates';
import { BETA_CAP, participantStatusUpdateSchema } from '@repo/validation';
import {
  betaApprovalSchema,
  betaParticipantListSchema,
  betaParticipantSchema,
  idParamsSchema,
  queuedEmailSchema,
  uuidParam,
} from '@repo/validation/responses';
import { z } from 'zod';
import { auditActorOf, recordAudit } from '../../../../audit/audit-log';
import { conflict, notFound } from '../../../../errors';
import { type ApiInstance, errorResponses } from '../../../../route-schemas';
import { findWaitlistEntry } from '../../../../waitlist/waitlist-repository';
import {
  countParticipants,
  findParticipant,
  insertParticipant,
  listParticipants,
  lockBetaCap,
  participantExistsFor,
  updateParticipantStatus,
} from '../../../../beta/participants-repository';

export const BETA_FULL_MESSAGE = `The beta is full: all ${BETA_CAP} places are taken`;
export const ALREADY_APPROVED_MESSAGE =
  'This waitlist entry has already been approved for the beta';

const invitationTemplate = findEmailTemplate('beta-invitation')!;
const waitlistUpdateTemplate = findEmailTemplate('waitlist-update')!;

const participantParams = idParamsSchema('Beta participant not found');
const entryParams = idParamsSchema('Waitlist entry not found');

export default async function betaRoutes(fastify: ApiInstance) {
  const { db, mailer } = fastify;

  fastify.get(
    '/beta/participants',
    { schema: { response: { 200: betaParticipantListSchema, ...errorResponses(401) } } },
    async () => ({ participants: await listParticipants(db), cap: BETA_CAP }),
  );

  fastify.patch(
    '/beta/participants/:id',
    {
      schema: {
        params: participantParams,
        body: participantStatusUpdateSchema,
        response: { 200: betaParticipantSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { status } = request.body;
      const participant = await db.transaction().execute(async (trx) => {
        const updated = await updateParticipantStatus(trx, id, status);
        if (!updated) throw notFound('Beta participant not found');
        await recordAudit(trx, auditActorOf(request), {
          action: 'participant.status',
          targetType: 'beta_participant',
          targetId: id,
          details: { status },
        });
        return updated;
      });
      return participant;
    },
  );

  // Spec section 4: approving adds a participant and sends the invitation.
  fastify.post(
    '/beta/approve/:id',
    {
      schema: {
        params: entryParams,
        response: { 201: betaApprovalSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const entry = await findWaitlistEntry(db, id);
      if (!entry) throw notFound('Waitlist entry not found');
      if (entry.participantId) throw conflict(ALREADY_APPROVED_MESSAGE, 'already_approved');
      const invitation = await mailer.prepare({
        template: invitationTemplate,
        to: entry.email,
        data: {
          firstName: entry.firstName,
          lastName: entry.lastName,
          companyName: entry.companyName,
        },
        stream: 'outbound',
      });
      const result = await db.transaction().execute(async (trx) => {
        // The cap holds inside the transaction: under the lock, count then insert.
        await lockBetaCap(trx);
        if (await participantExistsFor(trx, entry)) {
          throw conflict(ALREADY_APPROVED_MESSAGE, 'already_approved');
        }
        if ((await countParticipants(trx)) >= BETA_CAP)
          throw conflict(BETA_FULL_MESSAGE, 'beta_full');
        const participant = await insertParticipant(trx, entry);
        const [messageId] = await mailer.queue(trx, [invitation]);
        await recordAudit(trx, auditActorOf(request), {
          action: 'waitlist.approve',
          targetType: 'waitlist_entry',
          targetId: id,
          details: { participantId: participant.id, messageId },
        });
        return { participant, messageId };
      });
      return reply.status(201).send(result);
    },
  );

  fastify.post(
    '/beta/send-waitlist-update/:id',
    {
      schema: {
        params: entryParams,
        response: { 202: queuedEmailSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const entry = await findWaitlistEntry(db, id);
      if (!entry) throw notFound('Waitlist entry not found');
      const update = await mailer.prepare({
        template: waitlistUpdateTemplate,
        to: entry.email,
        data: {
          firstName: entry.firstName,
          lastName: entry.lastName,
          companyName: entry.companyName,
        },
        stream: 'outbound',
      });
      const messageId = await db.transaction().execute(async (trx) => {
        const [queued] = await mailer.queue(trx, [update]);
        await recordAudit(trx, auditActorOf(request), {
          action: 'waitlist.email',
          targetType: 'waitlist_entry',
          targetId: id,
          details: { template: waitlistUpdateTemplate.id, messageId: queued },
        });
        return queued;
      });
      return reply.status(202).send({ messageId });
    },
  );

  fastify.post(
    '/beta/resend-invite/:participantId',
    {
      schema: {
        params: z.object({ participantId: uuidParam('Beta participant not found') }),
        response: { 202: queuedEmailSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const id = request.params.participantId;
      const participant = await findParticipant(db, id);
      if (!participant) throw notFound('Beta participant not found');
      const invitation = await mailer.prepare({
        template: invitationTemplate,
        to: participant.email,
        data: { firstName: participant.firstName, lastName: participant.lastName },
        stream: 'outbound',
      });
      const messageId = await db.transaction().execute(async (trx) => {
        const [queued] = await mailer.queue(trx, [invitation]);
        await recordAudit(trx, auditActorOf(request), {
          action: 'participant.email',
          targetType: 'beta_participant',
          targetId: id,
          details: { template: invitationTemplate.id, messageId: queued },
        });
        return queued;
      });
      return reply.status(202).send({ messageId });
    },
  );
}
