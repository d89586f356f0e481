import {
  noContentSchema,
  suppressionImportResultSchema,
  suppressionImportSchema,
  suppressionKeySchema,
  suppressionListQuerySchema,
  suppressionPageSchema,
} from '@repo/validation';
import { auditActorOf, recordAudit } from '../../../../audit/audit-log';
import { notFound } from '../../../../errors';
import { type ApiInstance, errorResponses } from '../../../../route-schemas';
import {
  listSuppressions,
  removeSuppression,
  suppressEmail,
} from '../../../../suppressions/suppressions-repository';

/** The addresses that get no more mail: listed, lifted, and imported from Postmark. */
export default async function suppressionRoutes(fastify: ApiInstance) {
  const { db } = fastify;

  /** Addresses that get no more mail on a stream, newest first. */
  fastify.get(
    '/email/suppressions',
    {
      config: { permission: 'email:suppressions' },
      schema: {
        summary: 'List suppressed addresses',
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
        summary: "Lift an address's suppression",
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
        summary: 'Import suppressed addresses',
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
