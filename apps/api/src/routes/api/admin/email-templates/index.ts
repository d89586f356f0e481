import { type EmailTemplateData, emailTemplates, findEmailTemplate } from '@repo/email-templates';
import {
  emailTemplateListSchema,
  queuedEmailSchema,
  templatePreviewQuerySchema,
  testEmailSchema,
} from '@repo/validation';
import { z } from 'zod';
import { auditActorOf, recordAudit } from '../../../../audit/audit-log';
import { findParticipant } from '../../../../beta/participants-repository';
import { naturalStream, templateOrBadRequest } from '../../../../email-templates/email-templates';
import { notFound } from '../../../../errors';
import { type ApiInstance, errorResponses } from '../../../../route-schemas';
import { findWaitlistEntry } from '../../../../waitlist/waitlist-repository';

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

/** The email templates: listed, previewed with a person's data, and sent as a test. */
export default async function emailTemplateRoutes(fastify: ApiInstance) {
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
      schema: {
        summary: 'List email templates',
        response: { 200: emailTemplateListSchema, ...errorResponses(401) },
      },
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
        summary: 'Preview an email template',
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

  fastify.post(
    '/email/test',
    {
      config: { permission: 'email:send' },
      schema: {
        summary: 'Send a test email',
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
}
