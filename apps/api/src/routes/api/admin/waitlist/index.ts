import { waitlistListQuerySchema } from '@repo/validation';
import type { FastifyInstance } from 'fastify';
import { type CsvColumn, sendCsv } from '../../../../csv-export';
import { parseWith } from '../../../../errors';
import {
  listWaitlistEntries,
  streamWaitlistEntries,
  type WaitlistEntryRecord,
} from '../../waitlist/waitlist-repository';

const exportColumns: CsvColumn<WaitlistEntryRecord>[] = [
  { header: 'ID', value: (row) => row.id },
  { header: 'Email', value: (row) => row.email },
  { header: 'First name', value: (row) => row.firstName },
  { header: 'Last name', value: (row) => row.lastName },
  { header: 'Company', value: (row) => row.companyName },
  { header: 'Primary use', value: (row) => row.primaryUse },
  { header: 'User type', value: (row) => row.userType },
  { header: 'Content workflow', value: (row) => row.contentWorkflow },
  { header: 'Monthly content volume', value: (row) => row.monthlyContentVolume },
  { header: 'Biggest challenge', value: (row) => row.biggestChallenge },
  { header: 'Signed up at', value: (row) => row.createdAt },
  { header: 'Beta participant ID', value: (row) => row.participantId },
];

export default async function waitlistAdminRoutes(fastify: FastifyInstance) {
  const { db } = fastify;

  fastify.get('/waitlist', async (request) =>
    listWaitlistEntries(db, parseWith(waitlistListQuerySchema, request.query)),
  );

  fastify.get('/waitlist/export', async (_request, reply) =>
    sendCsv(reply, {
      filename: 'waitlist-export.csv',
      columns: exportColumns,
      rows: streamWaitlistEntries(db),
    }),
  );
}
