import { SIGNED_IN } from '@repo/validation';
import { z } from 'zod';
import { apiDocuments } from '../../../openapi/documents';
import { type ApiInstance, errorResponses } from '../../../route-schemas';

/**
 * GET /api/admin/openapi.json: the whole document, admin API included (issue 19).
 * Registered among the admin routes, so only a signed-in session or an API key
 * reads it (401 otherwise); any role or key may. Left out of the document itself.
 */
export default async function adminDocumentRoutes(fastify: ApiInstance) {
  let document: string | undefined;
  fastify.get(
    '/openapi.json',
    {
      config: { permission: SIGNED_IN },
      schema: {
        hide: true,
        response: {
          200: {
            description: 'The OpenAPI 3.1 document of the whole API, admin routes included',
            content: { 'application/json': { schema: z.unknown() } },
          },
          ...errorResponses(401),
        },
      },
    },
    async (_request, reply) => {
      // Serialised once: the routes do not change while the process runs.
      document ??= JSON.stringify(apiDocuments(fastify.swagger()).admin);
      return reply.type('application/json; charset=utf-8').send(document);
    },
  );
}
