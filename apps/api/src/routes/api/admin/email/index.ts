import type { EmailTemplate } from '@repo/api-client';
import type { EmailStream } from '@repo/db';
import {
  type EmailTemplateData,
  type EmailTemplateDefinition,
  emailTemplates,
  findEmailTemplate,
} from '@repo/email-templates';
import { bulkEmailSchema, outboxListQuerySchema, testEmailSchema } from '@repo/validation';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { auditActorOf, recordAudit } from '../../../../audit/audit-log';
import {
  badRequest,
  conflict,
  idOrNotFound,
  isUuid,
  notFound,
  parseWith,
} from '../../../../errors';
import {
  findOutboxMessage,
  listOutboxMessages,
  requeueFailedMessage,
} from '../../../../email/outbox-repository';
import { suppressedAmong } from '../../../../email/suppressions-repository';
import { findWaitlistEntry } from '../../waitlist/waitlist-repository';
import { findParticipant, findParticipantsByIds } from '../beta/participants-repository';

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

const previewQuerySchema = z.object({
  waitlistEntryId: z.uuid({ error: 'waitlistEntryId must be a UUID' }).optional(),
  participantId: z.uuid({ error: 'participantId must be a UUID' }).optional(),
});

export default async function emailRoutes(fastify: FastifyInstance) {
  const { config, db, mailer } = fastify;
  const frameAncestors = [
    new URL(config.ADMIN_URL).origin,
    new URL(config.PUBLIC_SITE_URL).origin,
    ...config.ADMIN_ALLOWED_ORIGINS,
  ].join(' ');

  fastify.get('/email/templates', async () => ({
    templates: emailTemplates.map(({ id, name, description, category }): EmailTemplate => ({
      id,
      name,
      description,
      category,
    })),
  }));

  /** The admin shows this in an iframe (spec section 2), with a person's data when given. */
  fastify.get<{ Params: { id: string } }>(
    '/email/templates/:id/preview',
    async (request, reply) => {
      const template = findEmailTemplate(request.params.id);
      if (!template) throw notFound('Email template not found');
      const query = parseWith(previewQuerySchema, request.query);
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

  fastify.get('/email/outbox', async (request) =>
    listOutboxMessages(db, parseWith(outboxListQuerySchema, request.query)),
  );

  fastify.get<{ Params: { id: string } }>('/email/outbox/:id', async (request) => {
    const id = idOrNotFound(request.params.id, 'Email not found');
    const message = await findOutboxMessage(db, id);
    if (!message) throw notFound('Email not found');
    return message;
  });

  /** A message that failed for good can be given a fresh round of attempts. */
  fastify.post<{ Params: { id: string } }>('/email/outbox/:id/retry', async (request, reply) => {
    const id = idOrNotFound(request.params.id, 'Email not found');
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
  });

  fastify.post('/email/test', async (request, reply) => {
    const input = parseWith(testEmailSchema, request.body);
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
  });

  /** Bulk mail goes to the broadcast stream with an opt-out link; opted-out addresses are skipped. */
  fastify.post('/email/bulk-send', async (request, reply) => {
    const input = parseWith(bulkEmailSchema, request.body);
    const template = templateOrBadRequest(input.templateId);
    const requested = [...new Set(input.recipientIds)];
    const participants = await findParticipantsByIds(db, requested.filter(isUuid));
    const optedOut = await suppressedAmong(
      db,
      participants.map((participant) => participant.email),
    );
    const recipients = participants.filter(
      (participant) => !optedOut.has(participant.email.toLowerCase()),
    );
    const emails = await Promise.all(
      recipients.map((participant) =>
        mailer.prepare({
          template,
          to: participant.email,
          data: {
            ...input.content,
            firstName: participant.firstName,
            lastName: participant.lastName,
            email: participant.email,
          },
          stream: 'broadcast',
        }),
      ),
    );
    // All or nothing: a send is never half-queued.
    const skipped = requested.length - emails.length;
    await db.transaction().execute(async (trx) => {
      await mailer.queue(trx, emails);
      await recordAudit(trx, auditActorOf(request), {
        action: 'email.bulk',
        targetType: 'email_template',
        targetId: template.id,
        details: { queued: emails.length, skipped },
      });
    });
    return reply.status(202).send({ queued: emails.length, skipped });
  });
}
