import { ANALYTICS_OPT_OUT_PATH, analyticsOptOutPageSchema, SIGNED_IN } from '@repo/validation';
import { type ApiInstance, errorResponses } from '../../../../route-schemas';

/**
 * Where the console finds the public site's opt-out page (issue 12): signing in
 * loads it in a hidden frame, which marks the browser so that staff visits stay
 * out of the site's analytics. PUBLIC_SITE_URL is the API's to know.
 */
export default async function analyticsOptOutRoutes(fastify: ApiInstance) {
  const { config } = fastify;
  fastify.get(
    '/analytics-opt-out',
    {
      config: { permission: SIGNED_IN },
      schema: {
        summary: "Where the site's analytics opt-out page is",
        response: { 200: analyticsOptOutPageSchema, ...errorResponses(401) },
      },
    },
    async () => {
      const url = new URL(ANALYTICS_OPT_OUT_PATH, config.PUBLIC_SITE_URL);
      return { url: url.href, origin: url.origin };
    },
  );
}
