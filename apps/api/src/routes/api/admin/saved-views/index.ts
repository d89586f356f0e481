import {
  idParamsSchema,
  messageResponseSchema,
  SAVED_VIEW_MESSAGES,
  savedViewCreateSchema,
  savedViewListQuerySchema,
  savedViewListSchema,
  savedViewSchema,
  SIGNED_IN,
} from '@repo/validation';
import type { FastifyRequest } from 'fastify';
import { AppError, conflict, notFound } from '../../../../errors';
import {
  createSavedView,
  deleteSavedView,
  listSavedViews,
} from '../../../../saved-views/saved-views-repository';
import { type ApiInstance, errorResponses } from '../../../../route-schemas';

/** The signed-in account whose views these are; an API key belongs to nobody's console. */
function accountOf(request: FastifyRequest): string {
  const admin = request.admin;
  if (admin?.kind !== 'session') {
    throw new AppError(403, SAVED_VIEW_MESSAGES.sessionRequired, 'session_required');
  }
  return admin.user.id;
}

/**
 * Saved views (issue 32): a staff member's named address states of a console list.
 * Any console role may keep its own (`signed-in`): a view holds only what the
 * address already shows, and applying one reads the list with the caller's own
 * permissions. Personal preferences like a column choice, so not audited.
 */
export default async function savedViewRoutes(fastify: ApiInstance) {
  const { db } = fastify;

  fastify.get(
    '/saved-views',
    {
      config: { permission: SIGNED_IN },
      schema: {
        querystring: savedViewListQuerySchema,
        response: { 200: savedViewListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      items: await listSavedViews(db, accountOf(request), request.query.list),
    }),
  );

  fastify.post(
    '/saved-views',
    {
      config: { permission: SIGNED_IN },
      schema: {
        body: savedViewCreateSchema,
        response: { 201: savedViewSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const userId = accountOf(request);
      const result = await db
        .transaction()
        .execute((trx) => createSavedView(trx, userId, request.body));
      if (result.kind === 'duplicate') {
        throw conflict(SAVED_VIEW_MESSAGES.duplicate, 'duplicate_view_name');
      }
      if (result.kind === 'limit') throw conflict(SAVED_VIEW_MESSAGES.limit, 'saved_view_limit');
      return reply.status(201).send(result.view);
    },
  );

  fastify.delete(
    '/saved-views/:id',
    {
      config: { permission: SIGNED_IN },
      schema: {
        params: idParamsSchema(SAVED_VIEW_MESSAGES.notFound),
        response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      if (!(await deleteSavedView(db, accountOf(request), request.params.id))) {
        throw notFound(SAVED_VIEW_MESSAGES.notFound);
      }
      return { message: SAVED_VIEW_MESSAGES.deleted };
    },
  );
}
