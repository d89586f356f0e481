import { createApiClient, createConsoleEndpoints } from '@repo/api-client';

/**
 * The one API client of the console. Paths are same-origin ('/api/...'): Vite's
 * dev server and server/serve.js forward them to the API, so the session cookie
 * stays first-party. Features call `api` (typed by the API's schemas); `http`
 * is the transport beneath it, for reads keyed by a route (query-client.ts).
 */
export const http = createApiClient();
export const api = createConsoleEndpoints(http);
