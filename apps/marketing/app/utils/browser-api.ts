import { createApiClient } from '@repo/api-client';

/** Browser calls go to this site's /api/* proxy, same origin. */
export const browserApi = createApiClient({ baseUrl: '' });
