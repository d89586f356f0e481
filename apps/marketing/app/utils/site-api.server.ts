import type { AppLoadContext } from '@remix-run/node';
import { createApiClient, createSiteEndpoints } from '@repo/api-client';
import { env } from '~/env.server';

/**
 * The headers that tell the API who the visitor is, when this server calls it on
 * the visitor's behalf: their address (so the API's rate limits count each visitor,
 * not this server), the scheme and host they used, and this request's id (issue 21).
 * A client-sent X-Forwarded-* is never passed through: server/serve.js decides, with
 * MARKETING_TRUST_PROXY, whom to believe, and puts its answer in the load context.
 */
export function visitorHeaders(request: Request, context: AppLoadContext): Record<string, string> {
  const url = new URL(request.url);
  return {
    ...(context.clientIp ? { 'x-forwarded-for': context.clientIp } : {}),
    'x-forwarded-proto': context.forwardedProto ?? url.protocol.replace(/:$/, ''),
    'x-forwarded-host': context.forwardedHost ?? url.host,
    'x-request-id': context.requestId ?? crypto.randomUUID(),
    ...(request.headers.get('user-agent')
      ? { 'user-agent': request.headers.get('user-agent') as string }
      : {}),
  };
}

/**
 * The site's API calls from a Remix action or loader (issue 22: forms that work
 * without JavaScript post here, and the action calls the API server to server, as the
 * visitor): the same typed endpoints as the browser's `siteApi`, with the visitor's
 * headers.
 */
export function siteApiFor(request: Request, context: AppLoadContext) {
  return createSiteEndpoints(
    createApiClient({ baseUrl: env.API_URL, headers: visitorHeaders(request, context) }),
  );
}
