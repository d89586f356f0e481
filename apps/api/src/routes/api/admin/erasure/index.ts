import { erasePersonSchema } from '@repo/validation';
import type { FastifyInstance } from 'fastify';
import { auditActorOf, recordAudit } from '../../../../audit/audit-log';
import { parseWith } from '../../../../errors';
import { eraseEverythingOf } from './erasure-repository';

/** The right to erasure (issue 8): everything kept about one address, deleted for good. */
export default async function erasureRoutes(fastify: FastifyInstance) {
  const { db } = fastify;
  fastify.post('/erasure', async (request) => {
    const { email } = parseWith(erasePersonSchema, request.body);
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
  });
}
