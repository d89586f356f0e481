import { signupSourcesQuerySchema, signupSourcesSchema } from '@repo/validation';
import { type ApiInstance, errorResponses } from '../../../../route-schemas';
import { signupSourcesByWeek } from '../../../../waitlist/signup-sources-repository';

export default async function signupSourceRoutes(fastify: ApiInstance) {
  const { db } = fastify;

  /** Signups per source and week (the console's Waitlist tab). */
  fastify.get(
    '/waitlist/sources',
    {
      config: { permission: 'waitlist:read' },
      schema: {
        summary: 'Signups per source and week',
        querystring: signupSourcesQuerySchema,
        response: { 200: signupSourcesSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => signupSourcesByWeek(db, request.query.weeks),
  );
}
