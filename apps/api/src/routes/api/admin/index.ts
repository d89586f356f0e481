import type { FastifyInstance } from 'fastify';
import { assertPermissionDeclared } from '../../../plugins/app/admin-auth';
import { ADMIN_SECURITY } from '../../../plugins/external/openapi';
import adminDocumentRoutes from '../docs/admin-document';
import staffAccountRoutes from './staff-accounts';
import analyticsOptOutRoutes from './analytics-opt-out';
import apiKeyRoutes from './api-keys';
import auditLogRoutes from './audit-log';
import betaRoutes from './beta';
import bulkSendRoutes from './bulk-send';
import contactRoutes from './contacts';
import emailOutboxRoutes from './email-outbox';
import emailTemplateRoutes from './email-templates';
import erasureRoutes from './erasure';
import surveyRoutes from './survey';
import inviteCodeRoutes from './invite-codes';
import peopleRoutes from './people';
import postRoutes from './posts';
import postPreviewLinkRoutes from './posts/preview-links';
import postImageRoutes from './post-images';
import roleRoutes from './roles';
import savedViewRoutes from './saved-views';
import webhookRoutes from './webhooks';
import settingsRoutes from './settings';
import suppressionRoutes from './suppressions';
import waitlistAdminRoutes from './waitlist';

/**
 * Every /api/admin route lives under this plugin, whose onRequest hook admits
 * only a signed-in session or a valid API key holding the route's declared
 * permission: a route added here cannot forget the check
 * (test/roles/access.test.ts sweeps every registered admin route), nor its
 * permission (the API refuses to start; test/roles/role-matrix.test.ts).
 */
export default async function adminRoutes(fastify: FastifyInstance) {
  fastify.addHook('onRequest', fastify.requireAdmin);
  // In the OpenAPI document: an API key or a session, like the hook above.
  fastify.addHook('onRoute', (route) => {
    assertPermissionDeclared(route);
    route.schema = { tags: ['admin'], security: ADMIN_SECURITY, ...route.schema };
  });
  // Admin answers carry personal data: never cached.
  fastify.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  await fastify.register(waitlistAdminRoutes);
  await fastify.register(betaRoutes);
  await fastify.register(contactRoutes);
  await fastify.register(apiKeyRoutes);
  await fastify.register(staffAccountRoutes);
  await fastify.register(roleRoutes);
  await fastify.register(adminDocumentRoutes);
  await fastify.register(emailTemplateRoutes);
  await fastify.register(emailOutboxRoutes);
  await fastify.register(bulkSendRoutes);
  await fastify.register(suppressionRoutes);
  await fastify.register(surveyRoutes);
  await fastify.register(erasureRoutes);
  await fastify.register(auditLogRoutes);
  await fastify.register(peopleRoutes);
  await fastify.register(analyticsOptOutRoutes);
  await fastify.register(settingsRoutes);
  await fastify.register(inviteCodeRoutes);
  await fastify.register(postRoutes);
  await fastify.register(postPreviewLinkRoutes);
  await fastify.register(postImageRoutes);
  await fastify.register(savedViewRoutes);
  await fastify.register(webhookRoutes);
}
