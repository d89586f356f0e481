import { betaFeedbackSchema } from '@repo/validation';
import type { FastifyInstance } from 'fastify';
import { parseWith } from '../../../errors';
import { perMinute } from '../../../plugins/external/rate-limit';

export default async function betaFeedbackRoutes(fastify: FastifyInstance) {
  const { config, db } = fastify;
  fastify.post(
    '/beta-feedback',
    { config: perMinute(config.RATE_LIMIT_ENABLED, config.RATE_LIMIT_FORMS_MAX) },
    async (request, reply) => {
      const feedback = parseWith(betaFeedbackSchema, request.body);
      const row = await db
        .insertInto('betaFeedbackResponses')
        .values({
          ...feedback,
          generalFeedback: feedback.generalFeedback ?? null,
          improvementSuggestions: feedback.improvementSuggestions ?? null,
          additionalComments: feedback.additionalComments ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return reply.status(201).send({ id: row.id, message: 'Thank you for your feedback!' });
    },
  );
}
