import { contactListQuerySchema, contactStatusUpdateSchema } from '@repo/validation';
import type { FastifyInstance } from 'fastify';
import { auditActorOf, recordAudit } from '../../../../audit/audit-log';
import { type CsvColumn, sendCsv } from '../../../../csv-export';
import { conflict, idOrNotFound, notFound, parseWith } from '../../../../errors';
import {
  changeContactStatus,
  type ContactMessageRecord,
  listContactMessages,
  streamContactMessages,
} from './contacts-repository';
import { eraseContactMessage } from '../erasure/erasure-repository';

export default async function contactRoutes(fastify: FastifyInstance) {
  const { db } = fastify;

  fastify.get('/contacts', async (request) =>
    listContactMessages(db, parseWith(contactListQuerySchema, request.query)),
  );

  fastify.get('/contacts/export', async (request, reply) => {
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
    const { count } = await db
      .selectFrom('contactMessages')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    await recordAudit(db, auditActorOf(request), {
      action: 'export.csv',
      targetType: 'contacts',
      details: { export: 'contacts', rows: Number(count) },
    });
    return sendCsv(reply, {
      filename: 'contacts-export.csv',
      columns,
      rows: streamContactMessages(db),
    });
  });

  fastify.patch<{ Params: { id: string } }>('/contacts/:id', async (request) => {
    const id = idOrNotFound(request.params.id, 'Contact message not found');
    const { status } = parseWith(contactStatusUpdateSchema, request.body);
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
  });

  /** Right to erasure (issue 8): the message, its mail and the analytics naming it, for good. */
  fastify.delete<{ Params: { id: string } }>('/contacts/:id', async (request) => {
    const id = idOrNotFound(request.params.id, 'Contact message not found');
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
  });
}
