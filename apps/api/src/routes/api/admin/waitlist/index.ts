import { waitlistListQuerySchema } from '@repo/validation';
import type { FastifyInstance } from 'fastify';
import { auditActorOf, recordAudit } from '../../../../audit/audit-log';
import { type CsvColumn, sendCsv } from '../../../../csv-export';
import { idOrNotFound, notFound, parseWith } from '../../../../errors';
import {
  countAllEntries,
  listWaitlistEntries,
  streamWaitlistEntries,
  type WaitlistEntryRecord,
} from '../../waitlist/waitlist-repository';
import { eraseWaitlistEntry } from '../erasure/erasure-repository';

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

  fastify.get('/waitlist/export', async (request, reply) => {
    // Recorded before any row leaves: an export that cannot be logged does not happen.
    const entries = await countAllEntries(db);
    await recordAudit(db, auditActorOf(request), {
      action: 'export.csv',
      targetType: 'waitlist',
      details: { export: 'waitlist', rows: Number(entries) },
    });
    return sendCsv(reply, {
      filename: 'waitlist-export.csv',
      columns: exportColumns,
      rows: streamWaitlistEntries(db),
    });
  });

  /** Right to erasure (issue 8): the entry, its mail and the analytics naming it, for good. */
  fastify.delete<{ Params: { id: string } }>('/waitlist/:id', async (request) => {
    const id = idOrNotFound(request.params.id, 'Waitlist entry not found');
    const deleted = await db.transaction().execute(async (trx) => {
      const counts = await eraseWaitlistEntry(trx, id);
      if (!counts) throw notFound('Waitlist entry not found');
      await recordAudit(trx, auditActorOf(request), {
        action: 'waitlist.delete',
        targetType: 'waitlist_entry',
        targetId: id,
        details: { deleted: counts },
      });
      return counts;
    });
    return { deleted };
  });
}
