import type { CreatedApiKey } from '@repo/api-client';
import { apiKeyCreateSchema } from '@repo/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditActorOf, recordAudit } from '../../../../audit/audit-log';
import { AppError, conflict, idOrNotFound, notFound, parseWith } from '../../../../errors';
import { generateApiKey } from './api-key-secret';
import { insertApiKey, listApiKeys, revokeApiKey } from './api-keys-repository';

export const SESSION_REQUIRED_MESSAGE = 'Creating or revoking API keys needs a signed-in session.';

/** A key cannot mint or revoke keys: a leaked key must not be able to entrench itself. */
async function requireSession(request: FastifyRequest): Promise<void> {
  if (request.admin?.kind !== 'session') {
    throw new AppError(403, SESSION_REQUIRED_MESSAGE, 'session_required');
  }
}

export default async function apiKeyRoutes(fastify: FastifyInstance) {
  const { db } = fastify;

  fastify.get('/api-keys', async () => ({ apiKeys: await listApiKeys(db) }));

  // The full key is in this answer and nowhere else, ever (spec section 8).
  fastify.post('/api-keys', { preHandler: requireSession }, async (request, reply) => {
    const { name, environment } = parseWith(apiKeyCreateSchema, request.body);
    const key = generateApiKey(environment);
    const apiKey = await db.transaction().execute(async (trx) => {
      const inserted = await insertApiKey(trx, { name, environment, key });
      await recordAudit(trx, auditActorOf(request), {
        action: 'api_key.create',
        targetType: 'api_key',
        targetId: inserted.id,
        details: { keyId: key.keyId, environment },
      });
      return inserted;
    });
    const created: CreatedApiKey = { apiKey, keyId: key.keyId, formattedKey: key.formattedKey };
    return reply.status(201).send(created);
  });

  // Revocation is irreversible (spec section 4).
  fastify.delete<{ Params: { id: string } }>(
    '/api-keys/:id',
    { preHandler: requireSession },
    async (request) => {
      const id = idOrNotFound(request.params.id, 'API key not found');
      const result = await db.transaction().execute(async (trx) => {
        const revoked = await revokeApiKey(trx, id);
        if (!revoked) throw notFound('API key not found');
        if (revoked === 'already_revoked')
          throw conflict('This API key is already revoked', 'already_revoked');
        await recordAudit(trx, auditActorOf(request), {
          action: 'api_key.revoke',
          targetType: 'api_key',
          targetId: id,
        });
        return revoked;
      });
      return { apiKey: result };
    },
  );
}
