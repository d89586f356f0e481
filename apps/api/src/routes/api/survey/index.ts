import {
  betaFeedbackRequestSchema,
  betaFeedbackResponseSchema,
  isHoneypotFilled,
} from '@repo/validation';
import { randomUUID } from 'node:crypto';
import { perMinute } from '../../../plugins/external/rate-limit';
import { type ApiInstance, errorResponses } from '../../../route-schemas';
import { completeSurveyProgress } from '../../../survey/survey-progress-repository';
import { insertSurveyResponse } from '../../../survey/survey-repository';
import { emitWebhookEvent } from '../../../webhooks/webhook-events';
import surveyProgressRoutes from './progress';

const THANKS_MESSAGE = 'Thank you for your feedback!';

export default async function surveyRoutes(fastify: ApiInstance) {
  const { config, db } = fastify;
  fastify.post(
    '/beta-feedback',
    {
      config: perMinute(config.RATE_LIMIT_ENABLED, config.RATE_LIMIT_FORMS_MAX),
      schema: {
        summary: 'Submit the beta feedback survey',
        body: betaFeedbackRequestSchema,
        response: { 201: betaFeedbackResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const { website, progressKey, ...feedback } = request.body;
      if (isHoneypotFilled(website)) {
        // A bot filled the hidden field: it gets the usual answer, nothing is kept.
        request.log.info('survey response dropped: honeypot filled');
        return reply.status(201).send({ id: randomUUID(), message: THANKS_MESSAGE });
      }
      const id = await db.transaction().execute(async (trx) => {
        const inserted = await insertSurveyResponse(trx, {
          ...feedback,
          generalFeedback: feedback.generalFeedback ?? null,
          improvementSuggestions: feedback.improvementSuggestions ?? null,
          additionalComments: feedback.additionalComments ?? null,
        });
        // Issue 12: the survey saved step by step is complete now.
        if (progressKey) await completeSurveyProgress(trx, progressKey, inserted);
        await emitWebhookEvent(
          trx,
          'survey.completed',
          {
            response: {
              id: inserted,
              email: feedback.email,
              firstName: feedback.firstName,
              lastName: feedback.lastName,
              createdAt: new Date().toISOString(),
            },
          },
          { emails: [feedback.email], ids: [inserted] },
        );
        return inserted;
      });
      return reply.status(201).send({ id, message: THANKS_MESSAGE });
    },
  );

  await fastify.register(surveyProgressRoutes);
}
