import { createApiClient, createSiteEndpoints } from '@repo/api-client';

/** Browser calls go to this site's /api/* proxy, same origin. */
const browserApi = createApiClient({ baseUrl: '' });

/** The site's calls, typed by the API's schemas: features name a call, never a path. */
export const siteApi = createSiteEndpoints(browserApi);
