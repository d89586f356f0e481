import {
  analyticsAcceptedSchema,
  analyticsBatchSchema,
  sortAnalyticsEvents,
  toFieldIssues,
} from '@repo/validation';
import { isbot } from 'isbot';
import { storeAnalyticsEvents } from '../../../analytics/events-repository';
import { badRequest } from '../../../errors';
import { perMinute } from '../../../plugins/external/rate-limit';
import {
  type ApiInstance,
  errorResponses,
  type ToError,
  zodValidatorCompiler,
} from '../../../route-schemas';

/** Reads the batch; `navigator.sendBeacon` may deliver it as text/plain. */
function readBody(body: unknown): unknown {
  if (typeof body !== 'string') return body ?? {};
  try {
    return JSON.parse(body) ?? {};
  } catch {
    throw badRequest('Malformed JSON in request body', 'invalid_json');
  }
}

/** A batch that is not one (no array, empty, over the limit) is refused whole. */
const invalidBatch: ToError = (error) => {
  const first = error.issues[0];
  const where = first?.path.map(String).join('.');
  const message = first?.message ?? 'Invalid batch';
  return badRequest(
    where ? `${where}: ${message}` : message,
    'invalid_batch',
    toFieldIssues(error),
  );
};

export default async function analyticsRoutes(fastify: ApiInstance) {
  const { config, db } = fastify;

  fastify.post(
    '/analytics/events',
    {
      config: perMinute(config.RATE_LIMIT_ENABLED, config.RATE_LIMIT_ANALYTICS_MAX),
      schema: {
        summary: 'Record analytics events',
        consumes: ['application/json', 'text/plain'],
        body: analyticsBatchSchema,
        response: { 202: analyticsAcceptedSchema, ...errorResponses(400, 429) },
      },
      validatorCompiler: zodValidatorCompiler(invalidBatch, readBody),
    },
    async (request, reply) => {
      // Issue 11: each event is checked on its own; the valid ones are stored and the
      // others named by their index. A batch with none valid stores nothing and is a 400.
      const { valid, rejected, issues } = sortAnalyticsEvents(request.body.events);
      if (valid.length === 0) {
        const first = rejected[0];
        throw badRequest(
          `Every event of the batch is invalid (event ${first?.index ?? 0}: ${first?.message ?? 'invalid'})`,
          'invalid_event',
          issues,
        );
      }
      // Crawlers and headless browsers would skew the dashboards: they are told the
      // batch was taken (so they do not retry) and nothing is stored.
      if (!isbot(request.headers['user-agent'])) {
        await storeAnalyticsEvents(db, valid);
      }
      return reply.status(202).send({ accepted: valid.length, rejected });
    },
  );
}
