import { erasePersonSchema, erasureResultSchema } from '@repo/validation';
import { auditActorOf, recordAudit } from '../../../../audit/audit-log';
import { eraseEverythingOf } from '../../../../erasure/erasure-repository';
import { type ApiInstance, errorResponses } from '../../../../route-schemas';

/** The right to erasure (issue 8): everything kept about one address, deleted for good. */
export default async function erasureRoutes(fastify: ApiInstance) {
  const { db } = fastify;
  fastify.post(
    '/erasure',
    {
      config: { permission: 'people:erase' },
      schema: {
        summary: "Erase a person's data",
        body: erasePersonSchema,
        response: { 200: erasureResultSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { email } = request.body;
      const deleted = await db.transaction().execute(async (trx) => {
        const counts = await eraseEverythingOf(trx, email);
        // Who erased, and how much; never the address (the person stays erased).
        await recordAudit(trx, auditActorOf(request), {
          action: 'person.erase',
          targetType: 'person',
          details: { deleted: counts },
        });
        return counts;
      });
      return { deleted };
    },
  );
}
