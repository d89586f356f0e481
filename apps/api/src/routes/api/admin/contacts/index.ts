import { contactListQuerySchema, contactStatusUpdateSchema } from '@repo/validation';
import type { FastifyInstance } from 'fastify';
import { type CsvColumn, sendCsv } from '../../../../csv-export';
import { conflict, idOrNotFound, notFound, parseWith } from '../../../../errors';
import {
  changeContactStatus,
  type ContactMessageRecord,
  listContactMessages,
  streamContactMessages,
} from './contacts-repository';

export default async function contactRoutes(fastify: FastifyInstance) {
  const { db } = fastify;

  fastify.get('/contacts', async (request) =>
    listContactMessages(db, parseWith(contactListQuerySchema, request.query)),
  );

  fastify.get('/contacts/export', async (_request, reply) => {
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
    return sendCsv(reply, {
      filename: 'contacts-export.csv',
      columns,
      rows: streamContactMessages(db),
    });
  });

  fastify.patch<{ Params: { id: string } }>('/contacts/:id', async (request) => {
    const id = idOrNotFound(request.params.id, 'Contact message not found');
    const { status } = parseWith(contactStatusUpdateSchema, request.body);
    const change = await changeContactStatus(db, id, status);
    if (change.outcome === 'not_found') throw notFound('Contact message not found');
    if (change.outcome === 'backwards') {
      throw conflict(
        `A message that is ${change.current} cannot go back to ${status}`,
        'invalid_transition',
      );
    }
    return change.message;
  });
}
