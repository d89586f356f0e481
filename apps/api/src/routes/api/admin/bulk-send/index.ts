import { findEmailTemplate } from '@repo/email-templates';
import {
  bulkConfirmSchema,
  bulkDryRunResultSchema,
  bulkDryRunSchema,
  bulkEmailSchema,
  bulkSendBodySchema,
  bulkSendQueuedSchema,
  bulkSendResultSchema,
  idParamsSchema,
} from '@repo/validation';
import type { FastifySchemaCompiler } from 'fastify';
import { actorUserIdOf, auditActorOf, recordAudit } from '../../../../audit/audit-log';
import {
  confirmDryRun,
  createDryRun,
  findBulkSend,
  planBulkSend,
} from '../../../../bulk-send/bulk-send';
import { templateOrBadRequest } from '../../../../email-templates/email-templates';
import { conflict, notFound } from '../../../../errors';
import { type ApiInstance, errorResponses, zodValidatorCompiler } from '../../../../route-schemas';

const isConfirmation = (body: unknown) =>
  Boolean(body && typeof body === 'object' && 'dryRunId' in body);

/** Parses the body with the one schema its shape asks for, so its errors are that schema's. */
const bulkSendValidator: FastifySchemaCompiler<unknown> = (definition) => {
  const confirm = zodValidatorCompiler()({ ...definition, schema: bulkConfirmSchema });
  const direct = zodValidatorCompiler()({ ...definition, schema: bulkEmailSchema });
  return (data) => (isConfirmation(data) ? confirm(data) : direct(data));
};

/** Bulk sends: a dry run first, then its confirmation; and each send's results. */
export default async function bulkSendRoutes(fastify: ApiInstance) {
  const { db, mailer } = fastify;

  /**
   * Every bulk send starts as a dry run: who receives it, who is skipped and why,
   * and a rendered sample. Nothing is queued until the run is confirmed.
   */
  fastify.post(
    '/email/bulk-send/dry-run',
    {
      config: { permission: 'email:send' },
      schema: {
        summary: 'Dry-run a bulk send',
        body: bulkDryRunSchema,
        response: { 200: bulkDryRunResultSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const input = request.body;
      const template = templateOrBadRequest(input.templateId);
      const plan = await planBulkSend(db, template.id, input.recipientIds);
      const first = plan.recipients[0];
      const sample = await mailer.prepare({
        template,
        to: first?.email ?? template.sampleData.email ?? 'ada@example.com',
        data: {
          ...template.sampleData,
          ...input.content,
          ...(first
            ? { firstName: first.firstName, lastName: first.lastName, email: first.email }
            : {}),
        },
        stream: 'broadcast',
      });
      const run = await createDryRun(db, input, plan, actorUserIdOf(auditActorOf(request)));
      return {
        dryRunId: run.id,
        expiresAt: run.expiresAt.toISOString(),
        templateId: template.id,
        sendAt: input.sendAt ?? null,
        recipients: plan.recipients.map((participant) => ({
          id: participant.id,
          name: `${participant.firstName} ${participant.lastName}`.trim(),
          email: participant.email,
        })),
        skipped: plan.skipped,
        sample: { subject: sample.subject, html: sample.htmlBody },
      };
    },
  );

  /**
   * Confirms a dry run (`{ dryRunId }`): exactly the list it showed is queued,
   * once. The spec's direct form (`{ templateId, recipientIds }`) still works for
   * API-key callers: it makes the dry run and confirms it in one step.
   */
  fastify.post(
    '/email/bulk-send',
    {
      config: { permission: 'email:send' },
      schema: {
        summary: 'Start a bulk send',
        body: bulkSendBodySchema,
        response: { 202: bulkSendQueuedSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      validatorCompiler: bulkSendValidator,
    },
    async (request, reply) => {
      const body = request.body;
      let dryRunId: string;
      if ('dryRunId' in body) {
        dryRunId = body.dryRunId;
      } else {
        const input = body;
        const template = templateOrBadRequest(input.templateId);
        const plan = await planBulkSend(db, template.id, input.recipientIds);
        dryRunId = (await createDryRun(db, input, plan, actorUserIdOf(auditActorOf(request)))).id;
      }
      const result = await confirmDryRun(
        db,
        mailer,
        findEmailTemplate,
        dryRunId,
        (trx, { templateId, queued, skipped }) =>
          recordAudit(trx, auditActorOf(request), {
            action: 'email.bulk',
            targetType: 'email_template',
            targetId: templateId,
            details: { queued, skipped, bulkSendId: dryRunId },
          }),
      );
      if (result.kind === 'not_found') throw notFound('Dry run not found');
      if (result.kind === 'already_confirmed') {
        throw conflict('This bulk send was already confirmed', 'already_confirmed');
      }
      if (result.kind !== 'sent') {
        throw conflict('This dry run has expired: run it again', 'dry_run_expired');
      }
      return reply.status(202).send({
        bulkSendId: dryRunId,
        queued: result.queued,
        skipped: result.skipped,
        sendAt: result.sendAt?.toISOString() ?? null,
      });
    },
  );

  /** Per-recipient results of a bulk send. */
  fastify.get(
    '/email/bulk-sends/:id',
    {
      config: { permission: 'email:read' },
      schema: {
        summary: "Read a bulk send's result",
        params: idParamsSchema('Bulk send not found'),
        response: { 200: bulkSendResultSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const result = await findBulkSend(db, id);
      if (!result) throw notFound('Bulk send not found');
      return result;
    },
  );
}
