import { createApiClient } from '@repo/api-client';

/**
 * The one API client of the console. Paths are same-origin ('/api/...'): Vite's
 * dev server and server/serve.js forward them to the API, so the session cookie
 * stays first-party.
 */
export const api = createApiClient();
