import {
  erasureResultSchema,
  feedbackResponsePageSchema,
  idParamsSchema,
  waitlistListQuerySchema,
} from '@repo/validation';
import { recordAudit, auditActorOf } from '../../../../audit/audit-log';
import { notFound } from '../../../../errors';
import { type ApiInstance, errorResponses } from '../../../../route-schemas';
import { eraseFeedbackResponse } from '../../../../erasure/erasure-repository';
import { listFeedbackResponses } from '../../../../survey/survey-repository';
import surveyInsightRoutes from './insight';

/** The same page, pageSize and search rules as the waitlist list. */
const feedbackListQuerySchema = waitlistListQuerySchema.pick({
  page: true,
  pageSize: true,
  search: true,
});

/** Survey responses: listed so the console can pick one, and deleted for good (issue 8). */
export default async function surveyRoutes(fastify: ApiInstance) {
  const { db } = fastify;

  fastify.get(
    '/feedback',
    {
      config: { permission: 'feedback:read' },
      schema: {
        summary: 'List survey responses',
        querystring: feedbackListQuerySchema,
        response: { 200: feedbackResponsePageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => listFeedbackResponses(db, request.query),
  );

  fastify.delete(
    '/feedback/:id',
    {
      config: { permission: 'feedback:delete' },
      schema: {
        summary: 'Delete a survey response',
        params: idParamsSchema('Survey response not found'),
        response: { 200: erasureResultSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const deleted = await db.transaction().execute(async (trx) => {
        const counts = await eraseFeedbackResponse(trx, id);
        if (!counts) throw notFound('Survey response not found');
        await recordAudit(trx, auditActorOf(request), {
          action: 'feedback.delete',
          targetType: 'feedback_response',
          targetId: id,
          details: { deleted: counts },
        });
        return counts;
      });
      return { deleted };
    },
  );

  await fastify.register(surveyInsightRoutes);
}
