import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseWith } from '../../../../errors';
import { personTimeline } from './timeline-repository';

const timelineQuerySchema = z.object({
  email: z
    .string({ error: 'email is required' })
    .trim()
    .min(3, 'email is required')
    .max(254, 'email must be at most 254 characters'),
});

export default async function peopleRoutes(fastify: FastifyInstance) {
  const { db } = fastify;

  /** Everything about one address, newest first (the console's person view). */
  fastify.get('/people/timeline', async (request) => {
    const { email } = parseWith(timelineQuerySchema, request.query);
    return personTimeline(db, email);
  });
}
