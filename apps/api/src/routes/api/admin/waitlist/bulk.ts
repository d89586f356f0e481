import {
  BULK_RUN_LIST_DAYS,
  BULK_RUN_LIST_MAX,
  bulkRunParamsSchema,
  idempotencyHeadersSchema,
  type Permission,
  WAITLIST_BULK_MESSAGES,
  type WaitlistBulkAction,
  waitlistBulkBodySchema,
  waitlistBulkRunListSchema,
  waitlistBulkRunSchema,
} from '@repo/validation';
import { actorUserIdOf, auditActorOf, recordAudit } from '../../../../audit/audit-log';
import { sendCsv } from '../../../../csv-export';
import { AppError, notFound } from '../../../../errors';
import { idempotencyCallerOf, idempotentRequest } from '../../../../idempotency/idempotent-request';
import { type ApiInstance, csvResponse, errorResponses } from '../../../../route-schemas';
import {
  createBulkRun,
  findBulkRun,
  listBulkRuns,
} from '../../../../waitlist-bulk/bulk-runs-repository';
import { waitlistExportColumns } from '../../../../waitlist/waitlist-export';
import {
  countSelectedEntries,
  streamSelectedEntries,
} from '../../../../waitlist/waitlist-selection';

/** Each bulk action needs exactly the permission of its single-entry form. */
const BULK_ACTIONS: Record<WaitlistBulkAction, { permission: Permission; description: string }> = {
  approve: {
    permission: 'beta:approve',
    description:
      'Approves the selection for the beta in queue order, up to the free seats, each through the single approval (its invitation mail, its audit entry). The rest are reported: no free seat, already a participant, not confirmed, not found.',
  },
  'hang-tight': {
    permission: 'beta:approve',
    description:
      "Sends the 'Hang Tight' update to each selected entry that is not a participant (one mail each, through the outbox).",
  },
  delete: {
    permission: 'waitlist:write',
    description:
      'Deletes each selected entry for good, as the single delete does (its mail and analytics too).',
  },
};

/** Issue 32: acting on many waitlist entries at once, and exporting a selection. */
export default async function waitlistBulkRoutes(fastify: ApiInstance) {
  const { db } = fastify;

  for (const [action, { permission, description }] of Object.entries(BULK_ACTIONS) as [
    WaitlistBulkAction,
    (typeof BULK_ACTIONS)[WaitlistBulkAction],
  ][]) {
    fastify.post(
      `/waitlist/bulk/${action}`,
      {
        config: { permission },
        schema: {
          description: `${description} Answers 202 with the run, processed in the background: poll GET /api/admin/waitlist/bulk/runs/:id. Send an Idempotency-Key header to retry safely: the same key and body answer the same run for 24 hours.`,
          headers: idempotencyHeadersSchema,
          body: waitlistBulkBodySchema,
          response: {
            202: waitlistBulkRunSchema,
            ...errorResponses(400, 401, 403, 422),
          },
        },
      },
      async (request, reply) => {
        const actor = auditActorOf(request);
        const { selection } = request.body;
        const answer = await idempotentRequest(
          db,
          {
            scope: `${idempotencyCallerOf(actor)} POST /api/admin/waitlist/bulk/${action}`,
            key: request.headers['idempotency-key'],
            body: request.body,
          },
          async (trx) => {
            const run = await createBulkRun(trx, {
              action,
              selection,
              actor,
              createdBy: actorUserIdOf(actor),
            });
            if (!run)
              throw new AppError(422, WAITLIST_BULK_MESSAGES.tooMany, 'selection_too_large');
            if (run.total === 0) {
              throw new AppError(422, WAITLIST_BULK_MESSAGES.nothingSelected, 'nothing_selected');
            }
            return { statusCode: 202, response: (await findBulkRun(trx, run.id))! };
          },
        );
        if (answer.replayed) reply.header('idempotent-replayed', 'true');
        const run = waitlistBulkRunSchema.parse(answer.response);
        fastify.waitlistBulkRuns.start(run.id);
        return reply.status(202).send(run);
      },
    );
  }

  fastify.get(
    '/waitlist/bulk/runs',
    {
      config: { permission: 'waitlist:read' },
      schema: {
        description: `The bulk runs started in the last ${BULK_RUN_LIST_DAYS} days, newest first (at most ${BULK_RUN_LIST_MAX}): action, state, counts, skips by reason, who started each. The people passed over are read one run at a time (GET /api/admin/waitlist/bulk/runs/:id).`,
        response: { 200: waitlistBulkRunListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => listBulkRuns(db),
  );

  fastify.get(
    '/waitlist/bulk/runs/:id',
    {
      config: { permission: 'waitlist:read' },
      schema: {
        description:
          "A bulk run's progress and result: counts, skips by reason, the first people passed over.",
        params: bulkRunParamsSchema,
        response: { 200: waitlistBulkRunSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const run = await findBulkRun(db, request.params.id);
      if (!run) throw notFound(WAITLIST_BULK_MESSAGES.runNotFound);
      return run;
    },
  );

  fastify.post(
    '/waitlist/bulk/export',
    {
      config: { permission: 'waitlist:export' },
      schema: {
        description: 'The selected entries as CSV: the columns of the whole export.',
        produces: ['text/csv'],
        body: waitlistBulkBodySchema,
        response: {
          200: csvResponse('The selected waitlist entries'),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { selection } = request.body;
      // Recorded before any row leaves: an export that cannot be logged does not happen.
      const rows = await countSelectedEntries(db, selection);
      await recordAudit(db, auditActorOf(request), {
        action: 'export.csv',
        targetType: 'waitlist',
        details: {
          export: 'waitlist-selection',
          rows,
          selection: 'ids' in selection ? 'ids' : 'filter',
        },
      });
      return sendCsv(reply, {
        filename: 'waitlist-selection.csv',
        columns: waitlistExportColumns,
        rows: streamSelectedEntries(db, selection),
      });
    },
  );
}
