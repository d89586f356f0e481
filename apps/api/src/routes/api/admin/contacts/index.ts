import {
  contactListQuerySchema,
  contactMessagePageSchema,
  contactStatusUpdateSchema,
  erasureResultSchema,
  idParamsSchema,
  storedContactMessageSchema,
} from '@repo/validation';
import { auditActorOf, recordAudit } from '../../../../audit/audit-log';
import { type CsvColumn, sendCsv } from '../../../../csv-export';
import { conflict, notFound } from '../../../../errors';
import { type ApiInstance, csvResponse, errorResponses } from '../../../../route-schemas';
import {
  changeContactStatus,
  type ContactMessageRecord,
  listContactMessages,
  streamContactMessages,
  countContactMessages,
} from '../../../../contacts/contacts-repository';
import { eraseContactMessage } from '../../../../erasure/erasure-repository';

export default async function contactRoutes(fastify: ApiInstance) {
  const { db } = fastify;

  fastify.get(
    '/contacts',
    {
      config: { permission: 'contacts:read' },
      schema: {
        summary: 'List contact messages',
        querystring: contactListQuerySchema,
        response: { 200: contactMessagePageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => listContactMessages(db, request.query),
  );

  fastify.get(
    '/contacts/export',
    {
      config: { permission: 'contacts:export' },
      schema: {
        summary: 'Export contact messages as CSV',
        produces: ['text/csv'],
        response: { 200: csvResponse('Every contact message'), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const columns: CsvColumn<ContactMessageRecord>[] = [
        { header: 'ID', value: (row) => row.id },
        { header: 'Name', value: (row) => row.name },
        { header: 'Email', value: (row) => row.email },
        { header: 'Company', value: (row) => row.company },
        { header: 'Subject', value: (row) => row.subject },
        { header: 'Message', value: (row) => row.message },
        { header: 'Status', value: (row) => row.status },
        { header: 'Received at', value: (row) => row.createdAt },
      ];
      // Recorded before any row leaves: an export that cannot be logged does not happen.
      const count = await countContactMessages(db);
      await recordAudit(db, auditActorOf(request), {
        action: 'export.csv',
        targetType: 'contacts',
        details: { export: 'contacts', rows: count },
      });
      return sendCsv(reply, {
        filename: 'contacts-export.csv',
        columns,
        rows: streamContactMessages(db),
      });
    },
  );

  fastify.patch(
    '/contacts/:id',
    {
      config: { permission: 'contacts:reply' },
      schema: {
        summary: 'Update a contact message',
        params: idParamsSchema('Contact message not found'),
        body: contactStatusUpdateSchema,
        response: { 200: storedContactMessageSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { status } = request.body;
      const change = await db.transaction().execute(async (trx) => {
        const result = await changeContactStatus(trx, id, status);
        if (result.outcome === 'updated') {
          await recordAudit(trx, auditActorOf(request), {
            action: 'contact.status',
            targetType: 'contact_message',
            targetId: id,
            details: { status },
          });
        }
        return result;
      });
      if (change.outcome === 'not_found') throw notFound('Contact message not found');
      if (change.outcome === 'backwards') {
        throw conflict(
          `A message that is ${change.current} cannot go back to ${status}`,
          'invalid_transition',
        );
      }
      return change.message;
    },
  );

  /** Right to erasure (issue 8): the message, its mail and the analytics naming it, for good. */
  fastify.delete(
    '/contacts/:id',
    {
      config: { permission: 'contacts:delete' },
      schema: {
        summary: 'Delete a contact message',
        params: idParamsSchema('Contact message not found'),
        response: { 200: erasureResultSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const deleted = await db.transaction().execute(async (trx) => {
        const counts = await eraseContactMessage(trx, id);
        if (!counts) throw notFound('Contact message not found');
        await recordAudit(trx, auditActorOf(request), {
          action: 'contact.delete',
          targetType: 'contact_message',
          targetId: id,
          details: { deleted: counts },
        });
        return counts;
      });
      return { deleted };
    },
  );
}
