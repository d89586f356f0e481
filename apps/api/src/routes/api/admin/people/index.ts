import { personTimelineSchema } from '@repo/validation/responses';
import { z } from 'zod';
import { type ApiInstance, errorResponses } from '../../../../route-schemas';
import { personTimeline } from './timeline-repository';

const timelineQuerySchema = z.object({
  email: z
    .string({ error: 'email is required' })
    .trim()
    .min(3, 'email is required')
    .max(254, 'email must be at most 254 characters'),
});

export default async function peopleRoutes(fastify: ApiInstance) {
  const { db } = fastify;

  /** Everything about one address, newest first (the console's person view). */
  fastify.get(
    '/people/timeline',
    {
      schema: {
        querystring: timelineQuerySchema,
        response: { 200: personTimelineSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => personTimeline(db, request.query.email),
  );
}
