import type { BetaFeedbackResponsesTable } from '@repo/db';
import {
  BETA_FEEDBACK_STEPS,
  surveyAnswersQuerySchema,
  surveyInsightSchema,
  surveyTextAnswerPageSchema,
} from '@repo/validation';
import type { Selectable } from 'kysely';
import { auditActorOf, recordAudit } from '../../../../audit/audit-log';
import { type CsvColumn, sendCsv } from '../../../../csv-export';
import { type ApiInstance, csvResponse, errorResponses } from '../../../../route-schemas';
import {
  buildSurveyInsight,
  listSurveyTextAnswers,
  streamFeedbackResponses,
} from '../../../../survey/survey-insight-repository';
import { countSurveyResponses } from '../../../../survey/survey-repository';

type ResponseRow = Selectable<BetaFeedbackResponsesTable>;

/** 'gettingStartedEase' -> 'Getting started ease'. */
function headerOf(field: string): string {
  const words = field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Every answer, in the survey's order, after who answered and when. */
const EXPORT_COLUMNS: CsvColumn<ResponseRow>[] = [
  { header: 'ID', value: (row) => row.id },
  { header: 'Submitted at', value: (row) => row.createdAt },
  ...BETA_FEEDBACK_STEPS.flatMap((step) => step.fields).map((field): CsvColumn<ResponseRow> => ({
    header: headerOf(field),
    value: (row) => row[field],
  })),
];

/** Survey insight (issue 12): drop-off, results, free-text answers and the export. */
export default async function surveyInsightRoutes(fastify: ApiInstance) {
  const { db } = fastify;

  fastify.get(
    '/feedback/insight',
    {
      config: { permission: 'feedback:read' },
      schema: {
        summary: 'Survey drop-off and results',
        response: { 200: surveyInsightSchema, ...errorResponses(401) },
      },
    },
    async () => buildSurveyInsight(db),
  );

  fastify.get(
    '/feedback/answers',
    {
      config: { permission: 'feedback:read' },
      schema: {
        summary: 'Survey free-text answers',
        querystring: surveyAnswersQuerySchema,
        response: { 200: surveyTextAnswerPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => listSurveyTextAnswers(db, request.query),
  );

  fastify.get(
    '/feedback/export',
    {
      config: { permission: 'feedback:export' },
      schema: {
        summary: 'Export survey responses as CSV',
        produces: ['text/csv'],
        response: { 200: csvResponse('Every survey response'), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      // Recorded before any row leaves: an export that cannot be logged does not happen.
      const count = await countSurveyResponses(db);
      await recordAudit(db, auditActorOf(request), {
        action: 'export.csv',
        targetType: 'feedback',
        details: { export: 'feedback', rows: count },
      });
      return sendCsv(reply, {
        filename: 'survey-responses-export.csv',
        columns: EXPORT_COLUMNS,
        rows: streamFeedbackResponses(db),
      });
    },
  );
}
