import { waitlistListQuerySchema } from '@repo/validation';
import type { FastifyInstance } from 'fastify';
import { recordAudit, auditActorOf } from '../../../../audit/audit-log';
import { idOrNotFound, notFound, parseWith } from '../../../../errors';
import { eraseFeedbackResponse } from '../erasure/erasure-repository';
import { listFeedbackResponses } from './feedback-repository';
import surveyInsightRoutes from './insight';

/** The same page, pageSize and search rules as the waitlist list. */
const feedbackListQuerySchema = waitlistListQuerySchema.pick({
  page: true,
  pageSize: true,
  search: true,
});

/** Survey responses: listed so the console can pick one, and deleted for good (issue 8). */
export default async function feedbackRoutes(fastify: FastifyInstance) {
  const { db } = fastify;

  fastify.get('/feedback', async (request) =>
    listFeedbackResponses(db, parseWith(feedbackListQuerySchema, request.query)),
  );

  fastify.delete<{ Params: { id: string } }>('/feedback/:id', async (request) => {
    const id = idOrNotFound(request.params.id, 'Survey response not found');
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
  });

  await fastify.register(surveyInsightRoutes);
}
