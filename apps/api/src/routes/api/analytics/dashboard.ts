import { analyticsDashboardSchema, dashboardQuerySchema } from '@repo/validation';
import { ADMIN_SECURITY } from '../../../plugins/external/openapi';
import { type ApiInstance, errorResponses } from '../../../route-schemas';
import { buildDashboard } from '../../../analytics/dashboard-repository';

/**
 * GET /api/analytics/dashboard: the operator's figures. Registered among the
 * routes with sessions (the console reads it signed in), apart from the public
 * event ingestion.
 */
export default async function analyticsDashboardRoutes(fastify: ApiInstance) {
  const { db } = fastify;
  // Admin only, like every /api/admin route (test/roles/access.test.ts checks it too).
  fastify.get(
    '/analytics/dashboard',
    {
      onRequest: fastify.requireAdmin,
      config: { permission: 'analytics:read' },
      schema: {
        summary: 'Read the analytics dashboard',
        tags: ['admin'],
        security: ADMIN_SECURITY,
        // The last `days` days, or a custom range `from`..`to` (issue 12).
        querystring: dashboardQuerySchema,
        response: { 200: analyticsDashboardSchema, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request, reply) => {
      const period = request.query;
      reply.header('cache-control', 'no-store');
      return buildDashboard(db, period);
    },
  );
}
