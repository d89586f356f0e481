import { personTimelineQuerySchema, personTimelineSchema } from '@repo/validation';
import { type ApiInstance, errorResponses } from '../../../../route-schemas';
import { personTimeline } from '../../../../people/timeline-repository';

export default async function peopleRoutes(fastify: ApiInstance) {
  const { db } = fastify;

  /** Everything about one address, newest first (the console's person view). */
  fastify.get(
    '/people/timeline',
    {
      config: { permission: 'people:read' },
      schema: {
        summary: "Read a person's timeline",
        querystring: personTimelineQuerySchema,
        response: { 200: personTimelineSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => personTimeline(db, request.query.email),
  );
}
