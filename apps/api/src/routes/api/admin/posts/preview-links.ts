import {
  POST_MESSAGES,
  POST_PREVIEW_LINK_MESSAGES,
  postIdParamsSchema,
  postPreviewLinkListSchema,
  postPreviewLinkParamsSchema,
  postPreviewLinkRecordSchema,
  postPreviewLinkRequestSchema,
  postPreviewLinkSchema,
} from '@repo/validation';
import { auditActorOf, recordAudit } from '../../../../audit/audit-log';
import { conflict, notFound } from '../../../../errors';
import { findAdminPost } from '../../../../posts/posts-repository';
import {
  insertPreviewLink,
  listPreviewLinks,
  lockPostForLink,
  revokePreviewLink,
} from '../../../../posts/preview-links-repository';
import { previewToken, previewUrl } from '../../../../posts/preview-tokens';
import { type ApiInstance, errorResponses } from '../../../../route-schemas';

/**
 * Issue 31: a post's preview links are recorded, so they can be listed and
 * revoked, and stop when their creator can no longer act. Making one gives
 * anyone holding it the unpublished text, so it needs posts:write; the list
 * (posts:read) never shows a link itself, only who made it, when and until when.
 */
export default async function postPreviewLinkRoutes(fastify: ApiInstance) {
  const { config, db } = fastify;

  fastify.post(
    '/posts/:id/preview-link',
    {
      config: { permission: 'posts:write' },
      schema: {
        summary: 'Make a preview link for a post',
        description:
          "A signed link to the post's page on the site, whatever its status (noindex, never cached): 24 hours by default, `hours` up to 7 days. Recorded: it stops when revoked, or when its creator is disabled (or its API key revoked or expired).",
        params: postIdParamsSchema,
        body: postPreviewLinkRequestSchema,
        response: { 200: postPreviewLinkSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = auditActorOf(request);
      const link = await db.transaction().execute(async (trx) => {
        const post = await lockPostForLink(trx, request.params.id);
        if (!post) throw notFound(POST_MESSAGES.notFound);
        const created = await insertPreviewLink(trx, post.id, request.body.hours, actor);
        await recordAudit(trx, actor, {
          action: 'post.preview_link_create',
          targetType: 'post',
          targetId: String(post.id),
          details: { title: post.title, linkId: created.id, expiresAt: created.expiresAt },
        });
        return created;
      });
      return {
        id: link.id,
        url: previewUrl(config.PUBLIC_SITE_URL, previewToken(config.POST_PREVIEW_SECRET, link.id)),
        expiresAt: link.expiresAt,
      };
    },
  );

  fastify.get(
    '/posts/:id/preview-links',
    {
      config: { permission: 'posts:read' },
      schema: {
        summary: "List a post's preview links",
        description:
          "The post's preview links, newest first: who made each, when, until when, and whether it works. Never the links themselves.",
        params: postIdParamsSchema,
        response: { 200: postPreviewLinkListSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await findAdminPost(db, id))) throw notFound(POST_MESSAGES.notFound);
      return { items: await listPreviewLinks(db, id) };
    },
  );

  fastify.delete(
    '/posts/:id/preview-links/:linkId',
    {
      config: { permission: 'posts:write' },
      schema: {
        summary: 'Revoke a preview link',
        description: 'Revokes a preview link: from now on it opens nothing (404).',
        params: postPreviewLinkParamsSchema,
        response: { 200: postPreviewLinkRecordSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id, linkId } = request.params;
      const actor = auditActorOf(request);
      return db.transaction().execute(async (trx) => {
        const revoked = await revokePreviewLink(trx, id, linkId, actor);
        if (!revoked) throw notFound(POST_PREVIEW_LINK_MESSAGES.notFound);
        if (revoked === 'already_revoked') {
          throw conflict(POST_PREVIEW_LINK_MESSAGES.alreadyRevoked, 'already_revoked');
        }
        const post = await findAdminPost(trx, id);
        await recordAudit(trx, actor, {
          action: 'post.preview_link_revoke',
          targetType: 'post',
          targetId: String(id),
          details: { ...(post ? { title: post.title } : {}), linkId },
        });
        return revoked;
      });
    },
  );
}
