import {
  API_KEY_MESSAGES,
  apiKeyCreateSchema,
  apiKeyListSchema,
  createdApiKeySchema,
  idParamsSchema,
  type Permission,
  revokedApiKeySchema,
  SESSION_ONLY_PERMISSIONS,
} from '@repo/validation';
import type { FastifyRequest } from 'fastify';
import { auditActorOf, recordAudit } from '../../../../audit/audit-log';
import { AppError, badRequest, conflict, notFound } from '../../../../errors';
import { generateApiKey } from '../../../../api-keys/api-key-secret';
import { insertApiKey, listApiKeys, revokeApiKey } from '../../../../api-keys/api-keys-repository';
import { type ApiInstance, errorResponses } from '../../../../route-schemas';

const SESSION_REQUIRED_MESSAGE = 'Creating or revoking API keys needs a signed-in session.';

/**
 * A key cannot mint or revoke keys: a leaked key must not be able to entrench itself.
 * Checked before the body and path are (preValidation): a key is told this first.
 */
async function requireSession(request: FastifyRequest): Promise<void> {
  if (request.admin?.kind !== 'session') {
    throw new AppError(403, SESSION_REQUIRED_MESSAGE, 'session_required');
  }
}

/**
 * A key holds only what a key may (never keys:manage nor staff:manage) and what
 * its creator's role holds now: 400 on `permissions`, naming the first refused.
 */
function assertGrantable(permissions: Permission[], held: ReadonlySet<Permission>): void {
  const sessionOnly = permissions.find((p) =>
    (SESSION_ONLY_PERMISSIONS as readonly Permission[]).includes(p),
  );
  const refused = sessionOnly
    ? API_KEY_MESSAGES.sessionOnly(sessionOnly)
    : permissions.filter((p) => !held.has(p)).map(API_KEY_MESSAGES.notHeld)[0];
  if (refused) {
    throw badRequest(refused, 'validation_error', [{ path: 'permissions', message: refused }]);
  }
}

export default async function apiKeyRoutes(fastify: ApiInstance) {
  const { db } = fastify;

  fastify.get(
    '/api-keys',
    {
      config: { permission: 'keys:manage' },
      schema: {
        summary: 'List API keys',
        response: { 200: apiKeyListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ apiKeys: await listApiKeys(db) }),
  );

  // The full key is in this answer and nowhere else, ever (spec section 8).
  fastify.post(
    '/api-keys',
    {
      config: { permission: 'keys:manage' },
      preValidation: requireSession,
      schema: {
        summary: 'Create an API key',
        body: apiKeyCreateSchema,
        response: { 201: createdApiKeySchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { name, environment, permissions, expiresInDays } = request.body;
      const admin = request.admin!;
      if (admin.kind !== 'session') throw new AppError(403, SESSION_REQUIRED_MESSAGE);
      assertGrantable(permissions, admin.permissions);
      const key = generateApiKey(environment);
      const apiKey = await db.transaction().execute(async (trx) => {
        const inserted = await insertApiKey(trx, {
          name,
          environment,
          key,
          permissions,
          expiresInDays,
          createdBy: admin.user.id,
        });
        await recordAudit(trx, auditActorOf(request), {
          action: 'api_key.create',
          targetType: 'api_key',
          targetId: inserted.id,
          details: { keyId: key.keyId, environment, permissions, expiresAt: inserted.expiresAt },
        });
        return inserted;
      });
      return reply.status(201).send({ apiKey, keyId: key.keyId, formattedKey: key.formattedKey });
    },
  );

  // Revocation is irreversible (spec section 4).
  fastify.delete(
    '/api-keys/:id',
    {
      config: { permission: 'keys:manage' },
      preValidation: requireSession,
      schema: {
        summary: 'Revoke an API key',
        params: idParamsSchema('API key not found'),
        response: { 200: revokedApiKeySchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id } = request.params;
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
