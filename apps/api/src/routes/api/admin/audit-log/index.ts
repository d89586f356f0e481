import { contactListQuerySchema } from '@repo/validation';
import { auditLogPageSchema } from '@repo/validation/responses';
import { z } from 'zod';
import { listAuditLog } from '../../../../audit/audit-log';
import { type ApiInstance, errorResponses } from '../../../../route-schemas';

/** The same page and pageSize rules as the other admin lists, and one action to filter by. */
const auditLogQuerySchema = contactListQuerySchema.pick({ page: true, pageSize: true }).extend({
  action: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string({ error: 'action must be an action name such as waitlist.approve' })
      .regex(/^[a-z_]+(\.[a-z_]+)*$/, {
        error: 'action must be an action name such as waitlist.approve',
      })
      .max(64, { error: 'action must be an action name such as waitlist.approve' })
      .optional(),
  ),
});

/** Who did what, when and from where (issue 8); newest first. */
export default async function auditLogRoutes(fastify: ApiInstance) {
  const { db } = fastify;
  fastify.get(
    '/audit-log',
    {
      schema: {
        querystring: auditLogQuerySchema,
        response: { 200: auditLogPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => listAuditLog(db, request.query),
  );
}
