import type { EmailStream } from '@repo/db';
import {
  type EmailTemplateData,
  type EmailTemplateDefinition,
  emailTemplates,
  findEmailTemplate,
} from '@repo/email-templates';
import {
  bulkConfirmSchema,
  bulkDryRunResultSchema,
  bulkDryRunSchema,
  bulkEmailSchema,
  bulkSendBodySchema,
  bulkSendQueuedSchema,
  bulkSendResultSchema,
  emailTemplateListSchema,
  idParamsSchema,
  noContentSchema,
  outboxListQuerySchema,
  outboxMessageDetailSchema,
  outboxMessagePageSchema,
  outboxMessageSchema,
  queuedEmailSchema,
  suppressionImportResultSchema,
  suppressionImportSchema,
  suppressionKeySchema,
  suppressionListQuerySchema,
  suppressionPageSchema,
  templatePreviewQuerySchema,
  testEmailSchema,
} from '@repo/validation';
import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { actorUserIdOf, auditActorOf, recordAudit } from '../../../../audit/audit-log';
import { badRequest, conflict, notFound } from '../../../../errors';
import {
  findOutboxMessage,
  listOutboxMessages,
  requeueFailedMessage,
} from '../../../../email-outbox/outbox-repository';
import {
  listSuppressions,
  removeSuppression,
  suppressEmail,
} from '../../../../suppressions/suppressions-repository';
import {
  confirmDryRun,
  createDryRun,
  findBulkSend,
  planBulkSend,
} from '../../../../bulk-send/bulk-send';
import { findWaitlistEntry } from '../../../../waitlist/waitlist-repository';
import { findParticipant } from '../../../../beta/participants-repository';
import { type ApiInstance, errorResponses, zodValidatorCompiler } from '../../../../route-schemas';

/** Announcements are bulk mail; everything else is transactional. */
function naturalStream(template: EmailTemplateDefinition): EmailStream {
  return template.category === 'announcement' ? 'broadcast' : 'outbound';
}

function templateOrBadRequest(id: string): EmailTemplateDefinition {
  const template = findEmailTemplate(id);
  if (!template) throw badRequest(`Unknown email template "${id}"`, 'unknown_template');
  return template;
}

/** The only testData keys a template reads; links are always the server's own. */
const testDataKeys = [
  'firstName',
  'lastName',
  'email',
  'companyName',
  'subject',
  'heading',
  'body',
] as const;

function pickTemplateData(input: Record<string, string> | undefined): EmailTemplateData {
  const data: EmailTemplateData = {};
  for (const key of testDataKeys) if (input?.[key] !== undefined) data[key] = input[key];
  return data;
}

const TEMPLATE_NOT_FOUND = 'Email template not found';

/** A template id in a path: an unknown one is a 404, before anything else is read. */
const templateParamsSchema = z.object({
  id: z.string().refine((id) => findEmailTemplate(id) !== undefined, { error: TEMPLATE_NOT_FOUND }),
});

const isConfirmation = (body: unknown) =>
  Boolean(body && typeof body === 'object' && 'dryRunId' in body);

/** Parses the body with the one schema its shape asks for, so its errors are that schema's. */
const bulkSendValidator: FastifySchemaCompiler<unknown> = (definition) => {
  const confirm = zodValidatorCompiler()({ ...definition, schema: bulkConfirmSchema });
  const direct = zodValidatorCompiler()({ ...definition, schema: bulkEmailSchema });
  return (data) => (isConfirmation(data) ? confirm(data) : direct(data));
};

export default async function emailRoutes(fastify: ApiInstance) {
  const { config, db, mailer } = fastify;
  const frameAncestors = [
    new URL(config.ADMIN_URL).origin,
    new URL(config.PUBLIC_SITE_URL).origin,
    ...config.ADMIN_ALLOWED_ORIGINS,
  ].join(' ');

  fastify.get(
    '/email/templates',
    {
      config: { permission: 'email:read' },
      schema: { response: { 200: emailTemplateListSchema, ...errorResponses(401) } },
    },
    async () => ({
      templates: emailTemplates.map(({ id, name, description, category }) => ({
        id,
        name,
        description,
        category,
      })),
    }),
  );

  /** The admin shows this in an iframe (spec section 2), with a person's data when given. */
  fastify.get(
    '/email/templates/:id/preview',
    {
      config: { permission: 'email:read' },
      schema: {
        params: templateParamsSchema,
        querystring: templatePreviewQuerySchema,
        produces: ['text/html'],
        response: {
          200: {
            description: 'The rendered email',
            content: { 'text/html': { schema: z.string() } },
          },
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const template = findEmailTemplate(request.params.id);
      if (!template) throw notFound(TEMPLATE_NOT_FOUND);
      const query = request.query;
      let person: { firstName: string; lastName: string; email: string; companyName?: string } = {
        firstName: template.sampleData.firstName ?? 'Ada',
        lastName: template.sampleData.lastName ?? 'Lovelace',
        email: template.sampleData.email ?? 'ada@example.com',
        companyName: template.sampleData.companyName,
      };
      if (query.waitlistEntryId) {
        const entry = await findWaitlistEntry(db, query.waitlistEntryId);
        if (!entry) throw notFound('Waitlist entry not found');
        person = entry;
      } else if (query.participantId) {
        const participant = await findParticipant(db, query.participantId);
        if (!participant) throw notFound('Beta participant not found');
        person = participant;
      }
      const email = await mailer.prepare({
        template,
        to: person.email,
        data: { ...template.sampleData, ...person },
        stream: naturalStream(template),
      });
      reply.removeHeader('x-frame-options');
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header(
          'content-security-policy',
          `default-src 'none'; img-src https: data:; style-src 'unsafe-inline'; frame-ancestors ${frameAncestors}`,
        )
        .send(email.htmlBody);
    },
  );

  fastify.get(
    '/email/outbox',
    {
      config: { permission: 'email:read' },
      schema: {
        querystring: outboxListQuerySchema,
        response: { 200: outboxMessagePageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => listOutboxMessages(db, request.query),
  );

  const emailParams = idParamsSchema('Email not found');

  fastify.get(
    '/email/outbox/:id',
    {
      config: { permission: 'email:read' },
      schema: {
        params: emailParams,
        response: { 200: outboxMessageDetailSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const message = await findOutboxMessage(db, id);
      if (!message) throw notFound('Email not found');
      return message;
    },
  );

  /** A message that failed for good can be given a fresh round of attempts. */
  fastify.post(
    '/email/outbox/:id/retry',
    {
      config: { permission: 'email:send' },
      schema: {
        params: emailParams,
        response: { 202: outboxMessageSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const message = await db.transaction().execute(async (trx) => {
        const requeued = await requeueFailedMessage(trx, id);
        if (requeued) {
          await recordAudit(trx, auditActorOf(request), {
            action: 'email.retry',
            targetType: 'email',
            targetId: id,
          });
        }
        return requeued;
      });
      if (message) return reply.status(202).send(message);
      if (!(await findOutboxMessage(db, id))) throw notFound('Email not found');
      throw conflict('Only a failed email can be retried', 'not_failed');
    },
  );

  fastify.post(
    '/email/test',
    {
      config: { permission: 'email:send' },
      schema: {
        body: testEmailSchema,
        response: { 202: queuedEmailSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const template = templateOrBadRequest(input.templateType);
      const email = await mailer.prepare({
        template,
        to: input.email,
        data: { ...template.sampleData, ...pickTemplateData(input.testData) },
        stream: naturalStream(template),
        subjectPrefix: '[Test] ',
      });
      // The address typed is personal data: the log keeps the template and the message id.
      const messageId = await db.transaction().execute(async (trx) => {
        const [queued] = await mailer.queue(trx, [email]);
        await recordAudit(trx, auditActorOf(request), {
          action: 'email.test',
          targetType: 'email',
          targetId: queued,
          details: { template: template.id },
        });
        return queued;
      });
      return reply.status(202).send({ messageId });
    },
  );

  /**
   * Every bulk send starts as a dry run: who receives it, who is skipped and why,
   * and a rendered sample. Nothing is queued until the run is confirmed.
   */
  fastify.post(
    '/email/bulk-send/dry-run',
    {
      config: { permission: 'email:send' },
      schema: {
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

  /** Addresses that get no more mail on a stream, newest first. */
  fastify.get(
    '/email/suppressions',
    {
      config: { permission: 'email:suppressions' },
      schema: {
        querystring: suppressionListQuerySchema,
        response: { 200: suppressionPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => listSuppressions(db, request.query),
  );

  /** Staff lift a suppression (after the person asked, or a fixed mailbox). */
  fastify.delete(
    '/email/suppressions',
    {
      config: { permission: 'email:suppressions' },
      schema: {
        querystring: suppressionKeySchema,
        response: { 204: noContentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { email, stream } = request.query;
      const removed = await db.transaction().execute(async (trx) => {
        const origin = await removeSuppression(trx, email, stream);
        if (origin) {
          // The log keeps who lifted what kind of suppression, not the address.
          await recordAudit(trx, auditActorOf(request), {
            action: 'suppression.remove',
            targetType: 'suppression',
            details: { stream, origin },
          });
        }
        return origin;
      });
      if (!removed) throw notFound('Suppression not found');
      return reply.status(204).send();
    },
  );

  /** Postmark's own suppression dump, posted in chunks by the console. */
  fastify.post(
    '/email/suppressions/import',
    {
      config: { permission: 'email:suppressions' },
      schema: {
        body: suppressionImportSchema,
        response: { 200: suppressionImportResultSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { stream, suppressions } = request.body;
      const imported = await db.transaction().execute(async (trx) => {
        let count = 0;
        for (const entry of suppressions) {
          const at = entry.CreatedAt ? new Date(entry.CreatedAt) : undefined;
          const added = await suppressEmail(trx, entry.EmailAddress, {
            stream,
            reason: entry.SuppressionReason
              ? `Imported from Postmark (${entry.SuppressionReason})`
              : 'Imported from Postmark',
            origin: 'import',
            detail: entry.Origin ? `Origin: ${entry.Origin}` : null,
            at: at && !Number.isNaN(at.getTime()) ? at : undefined,
          });
          if (added) count += 1;
        }
        await recordAudit(trx, auditActorOf(request), {
          action: 'suppression.import',
          targetType: 'suppression',
          details: { stream, imported: count, received: suppressions.length },
        });
        return count;
      });
      return { imported, skipped: suppressions.length - imported };
    },
  );
}
