import { auditLogPageSchema, auditLogQuerySchema } from '@repo/validation';
import { listAuditLog } from '../../../../audit/audit-log';
import { type ApiInstance, errorResponses } from '../../../../route-schemas';

/** Who did what, when and from where (issue 8); newest first. */
export default async function auditLogRoutes(fastify: ApiInstance) {
  const { db } = fastify;
  fastify.get(
    '/audit-log',
    {
      config: { permission: 'audit:read' },
      schema: {
        summary: 'Read the audit log',
        querystring: auditLogQuerySchema,
        response: { 200: auditLogPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => listAuditLog(db, request.query),
  );
}
