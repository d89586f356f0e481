import type { CreatedApiKey } from '@repo/api-client';
import { apiKeyCreateSchema } from '@repo/validation';
import type { FastifyInstance } from 'fastify';
import { conflict, idOrNotFound, notFound, parseWith } from '../../../../errors';
import { generateApiKey } from './api-key-secret';
import { insertApiKey, listApiKeys, revokeApiKey } from './api-keys-repository';

export default async function apiKeyRoutes(fastify: FastifyInstance) {
  const { db } = fastify;

  fastify.get('/api-keys', async () => ({ apiKeys: await listApiKeys(db) }));

  // The full key is in this answer and nowhere else, ever (spec section 8).
  fastify.post('/api-keys', async (request, reply) => {
    const { name, environment } = parseWith(apiKeyCreateSchema, request.body);
    const key = generateApiKey(environment);
    const apiKey = await insertApiKey(db, { name, environment, key });
    const created: CreatedApiKey = { apiKey, keyId: key.keyId, formattedKey: key.formattedKey };
    return reply.status(201).send(created);
  });

  // Revocation is irreversible (spec section 4).
  fastify.delete<{ Params: { id: string } }>('/api-keys/:id', async (request) => {
    const id = idOrNotFound(request.params.id, 'API key not found');
    const result = await revokeApiKey(db, id);
    if (!result) throw notFound('API key not found');
    if (result === 'already_revoked')
      throw conflict('This API key is already revoked', 'already_revoked');
    return { apiKey: result };
  });
}
