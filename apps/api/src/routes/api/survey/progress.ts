import {
  isHoneypotFilled,
  SURVEY_RESUME_DAYS,
  surveyProgressAnswerSchema,
  surveyProgressQuerySchema,
  surveyProgressRequestSchema,
  surveyProgressSavedSchema,
} from '@repo/validation';
import { isbot } from 'isbot';
import { conflict } from '../../../errors';
import { perMinute } from '../../../plugins/external/rate-limit';
import { type ApiInstance, errorResponses } from '../../../route-schemas';
import {
  findResumableProgress,
  saveSurveyProgress,
} from '../../../survey/survey-progress-repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const resumableUntil = (savedAt: Date) =>
  new Date(savedAt.getTime() + SURVEY_RESUME_DAYS * DAY_MS).toISOString();

/**
 * The survey in progress (issue 12): saved step by step under the browser's
 * random key, read back when the browser returns within 7 days.
 */
export default async function surveyProgressRoutes(fastify: ApiInstance) {
  const { config, db } = fastify;
  const limit = perMinute(config.RATE_LIMIT_ENABLED, config.RATE_LIMIT_FORMS_MAX);

  fastify.get(
    '/beta-feedback/progress',
    {
      config: limit,
      schema: {
        summary: 'Read the saved survey progress',
        querystring: surveyProgressQuerySchema,
        response: { 200: surveyProgressAnswerSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const { key } = request.query;
      reply.header('cache-control', 'no-store');
      const progress = await findResumableProgress(db, key);
      // Nothing to resume is an ordinary answer, not an error.
      if (!progress) return { progress: null };
      return {
        progress: {
          step: progress.step,
          answers: progress.answers,
          savedAt: progress.savedAt.toISOString(),
          resumableUntil: resumableUntil(progress.savedAt),
        },
      };
    },
  );

  fastify.put(
    '/beta-feedback/progress',
    {
      config: limit,
      schema: {
        summary: 'Save the survey progress',
        body: surveyProgressRequestSchema,
        response: { 200: surveyProgressSavedSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request) => {
      const { key, step, answers, website } = request.body;
      // Bots (a filled honeypot, a crawler rendering the page) get the usual answer and
      // leave nothing behind: the drop-off counts people.
      if (isHoneypotFilled(website) || isbot(request.headers['user-agent'])) {
        return { saved: true, resumableUntil: resumableUntil(new Date()) } as const;
      }
      const saved = await saveSurveyProgress(db, key, {
        step,
        answers: answers as Record<string, string>,
      });
      if (saved.outcome === 'closed') {
        throw conflict(
          'This survey was already submitted or left for more than 7 days: start a new one',
          'survey_closed',
        );
      }
      return { saved: true, resumableUntil: resumableUntil(saved.savedAt) } as const;
    },
  );
}
