import {
  guessImportMapping,
  IMPORT_LIST_DAYS,
  IMPORT_LIST_MAX,
  IMPORT_PROBLEMS_LISTED,
  IMPORT_SAMPLE_ROWS,
  type WaitlistImportDryRun,
  waitlistImportDryRunBodySchema,
  waitlistImportDryRunSchema,
  WAITLIST_IMPORT_MESSAGES,
  type WaitlistImportMapping,
  waitlistImportParamsSchema,
  waitlistImportRunListSchema,
  waitlistImportRunSchema,
  waitlistImportStartBodySchema,
  waitlistImportUploadQuerySchema,
  waitlistImportUploadSchema,
} from '@repo/validation';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { actorUserIdOf, auditActorOf, recordAudit } from '../../../../audit/audit-log';
import { AppError, badRequest, conflict, notFound } from '../../../../errors';
import { type ApiInstance, errorResponses } from '../../../../route-schemas';
import { deleteImportedEntries } from '../../../../waitlist-import/import-entries';
import { importRecords, storeUpload } from '../../../../waitlist-import/import-file';
import { scanImportFile } from '../../../../waitlist-import/import-rows';
import {
  createImportRun,
  deleteAbandonedUploads,
  deleteImportRun,
  findImportRun,
  findImportRunRecord,
  listImportRuns,
  markUndone,
  markUploaded,
  saveMapping,
  startImportRun,
} from '../../../../waitlist-import/import-runs-repository';

/** The CSV file itself as the body; the parser below hands on the stream, unread. */
const csvBodySchema = z.unknown().meta({
  description: 'The CSV file itself (UTF-8, a header row first), at most 100 MB',
  type: 'string',
  format: 'binary',
});

const DRY_RUN_BATCH_ROWS = 2_000;

/**
 * Issue 34: a waitlist brought in from a CSV file. Upload (the file is stored in
 * chunks as it arrives), map its columns, dry run, start (the import runs in the
 * background: poll it), undo within 24 hours.
 */
export default async function waitlistImportRoutes(fastify: ApiInstance) {
  const { db } = fastify;

  // Scoped to this plugin: the body stays a stream, stored chunk by chunk (never whole in memory).
  fastify.addContentTypeParser(['text/csv', 'application/csv'], (_request, payload, done) =>
    done(null, payload),
  );

  fastify.get(
    '/waitlist/imports',
    {
      config: { permission: 'waitlist:write' },
      schema: {
        summary: 'List recent imports',
        description: `The imports started in the last ${IMPORT_LIST_DAYS} days, newest first (at most ${IMPORT_LIST_MAX}), each as GET /api/admin/waitlist/imports/:id/status answers it, with who started it. \`undoableUntil\` is set while an import can still be undone.`,
        response: { 200: waitlistImportRunListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => listImportRuns(db),
  );

  fastify.post(
    '/waitlist/imports',
    {
      config: { permission: 'waitlist:write' },
      schema: {
        summary: 'Upload a CSV file to import',
        description:
          "Stores a CSV file to import into the waitlist (Content-Type text/csv, at most 100 MB) and answers its header, its first rows and the mapping of columns to fields guessed from the header's names. Nothing is imported yet: run a dry run with a mapping, then start the import. An upload not imported within 24 hours is deleted.",
        consumes: ['text/csv'],
        querystring: waitlistImportUploadQuerySchema,
        body: csvBodySchema,
        response: { 201: waitlistImportUploadSchema, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request, reply) => {
      const { body } = request;
      if (!(body instanceof Readable))
        throw new AppError(415, WAITLIST_IMPORT_MESSAGES.unsupportedType, 'unsupported_media_type');
      const actor = auditActorOf(request);
      const fileName = request.query.fileName || 'import.csv';
      const id = await createImportRun(db, { fileName, actor, createdBy: actorUserIdOf(actor) });
      try {
        // Not destroyed on a refusal: the 413 is answered, the rest of the body read and dropped.
        const bytes = await storeUpload(db, id, body.iterator({ destroyOnReturn: false }));
        const records: string[][] = [];
        for await (const record of importRecords(db, id)) {
          records.push(record.map((cell) => cell.trim()));
          if (records.length > IMPORT_SAMPLE_ROWS) break;
        }
        const [header, ...sampleRows] = records;
        if (!header) throw badRequest(WAITLIST_IMPORT_MESSAGES.empty, 'empty_file');
        await markUploaded(db, id, { bytes, header });
        await deleteAbandonedUploads(db);
        return reply.status(201).send({
          id,
          fileName,
          bytes,
          header,
          sampleRows,
          suggestedMapping: guessImportMapping(header),
        });
      } catch (error) {
        await deleteImportRun(db, id);
        // What the client still sends of a refused body is read and dropped.
        body.resume();
        throw error;
      }
    },
  );

  /** The run, uploaded and not started; the mapping's columns checked against its header. */
  async function uploadedRun(id: string, mapping?: WaitlistImportMapping) {
    const run = await findImportRunRecord(db, id);
    if (!run) throw notFound(WAITLIST_IMPORT_MESSAGES.notFound);
    if (run.state !== 'uploaded')
      throw conflict(WAITLIST_IMPORT_MESSAGES.alreadyStarted, 'already_started');
    if (mapping && Object.values(mapping).some((column) => column >= run.header.length))
      throw badRequest(WAITLIST_IMPORT_MESSAGES.badColumn, 'bad_column', [
        { path: 'mapping', message: WAITLIST_IMPORT_MESSAGES.badColumn },
      ]);
    return run;
  }

  fastify.post(
    '/waitlist/imports/:id/dry-run',
    {
      config: { permission: 'waitlist:write' },
      schema: {
        summary: 'Dry run an import',
        description:
          'Reads the whole file with a mapping (field to column index) and reports each row that would be passed over, and why: invalid email, disposable domain, duplicate of an earlier row, already on the waitlist, unreadable date, value too long. Counts for all, the first 200 row by row. Nothing is imported; the mapping is kept for the import.',
        params: waitlistImportParamsSchema,
        body: waitlistImportDryRunBodySchema,
        response: { 200: waitlistImportDryRunSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { mapping } = request.body;
      const run = await uploadedRun(request.params.id, mapping);
      const report: WaitlistImportDryRun = {
        rows: 0,
        importable: 0,
        problems: {},
        problemRows: [],
      };
      for await (const batch of scanImportFile(db, run.id, mapping, {
        batchSize: DRY_RUN_BATCH_ROWS,
      })) {
        report.rows = batch.end;
        for (const read of batch.rows) {
          if ('value' in read) {
            report.importable += 1;
            continue;
          }
          report.problems[read.problem] = (report.problems[read.problem] ?? 0) + 1;
          if (report.problemRows.length < IMPORT_PROBLEMS_LISTED)
            report.problemRows.push({ row: read.row, email: read.email, problem: read.problem });
        }
      }
      if (report.rows === 0) throw badRequest(WAITLIST_IMPORT_MESSAGES.noRows, 'no_rows');
      await saveMapping(db, run.id, mapping, report.rows);
      return report;
    },
  );

  fastify.post(
    '/waitlist/imports/:id/start',
    {
      config: { permission: 'waitlist:write' },
      schema: {
        summary: 'Start an import',
        description:
          "Starts importing with the last dry run's mapping: answers 202 with the run, imported in the background (poll GET /api/admin/waitlist/imports/:id/status). Rows with a problem are passed over. Entries keep their signup date and take their queue place by it; rows without a confirmation date are confirmed (`confirmAll`) or sent the confirmation mail, 100 a minute. One import runs at a time (409).",
        params: waitlistImportParamsSchema,
        body: waitlistImportStartBodySchema,
        response: { 202: waitlistImportRunSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const run = await uploadedRun(request.params.id);
      if (!run.mapping) throw conflict(WAITLIST_IMPORT_MESSAGES.noDryRun, 'no_dry_run');
      const outcome = await db
        .transaction()
        .execute((trx) => startImportRun(trx, run.id, request.body.confirmAll));
      if (outcome === 'busy')
        throw conflict(
          'Another import is running: start this one when it is done',
          'import_running',
        );
      if (outcome === 'not_ready')
        throw conflict(WAITLIST_IMPORT_MESSAGES.alreadyStarted, 'already_started');
      fastify.waitlistImports.start(run.id);
      return reply.status(202).send((await findImportRun(db, run.id))!);
    },
  );

  fastify.get(
    '/waitlist/imports/:id/status',
    {
      config: { permission: 'waitlist:write' },
      schema: {
        summary: 'Read an import',
        description:
          "An import's state and progress: rows processed of the total, entries imported, rows passed over by problem, mail queued, and until when it can be undone.",
        params: waitlistImportParamsSchema,
        response: { 200: waitlistImportRunSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const run = await findImportRun(db, request.params.id);
      if (!run) throw notFound(WAITLIST_IMPORT_MESSAGES.notFound);
      return run;
    },
  );

  fastify.post(
    '/waitlist/imports/:id/undo',
    {
      config: { permission: 'waitlist:write' },
      schema: {
        summary: 'Undo an import',
        description:
          'Deletes every entry the import made (and the confirmation mail it queued to them), as one change, within 24 hours of its end. Audited.',
        params: waitlistImportParamsSchema,
        response: { 200: waitlistImportRunSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const actor = auditActorOf(request);
      await db.transaction().execute(async (trx) => {
        const outcome = await markUndone(trx, id);
        if (outcome === 'expired')
          throw conflict(WAITLIST_IMPORT_MESSAGES.undoExpired, 'undo_expired');
        if (outcome === 'not_finished') {
          const exists = await findImportRunRecord(trx, id);
          if (!exists) throw notFound(WAITLIST_IMPORT_MESSAGES.notFound);
          throw conflict(WAITLIST_IMPORT_MESSAGES.notUndoable, 'not_undoable');
        }
        const deleted = await deleteImportedEntries(trx, id);
        await recordAudit(trx, actor, {
          action: 'waitlist.import_undo',
          targetType: 'waitlist_import',
          targetId: id,
          details: { deleted },
        });
      });
      return (await findImportRun(db, id))!;
    },
  );
}
