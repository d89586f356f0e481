import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { env } from '~/env.server';

const FORWARDED_REQUEST_HEADERS = [
  'accept',
  'content-type',
  'cookie',
  'if-none-match',
  'user-agent',
];
const FORWARDED_RESPONSE_HEADERS = [
  'cache-control',
  'content-type',
  'etag',
  'set-cookie',
  'retry-after',
];

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** The visitor's address, from the production server (server/serve.js). */
    clientIp?: string;
  }
}

/**
 * Same-origin /api/* for the browser: forwards to the API server. The visitor's
 * address goes along as X-Forwarded-For so the API limits each visitor, not this
 * server; a client-sent X-Forwarded-For is never passed through (it could be forged).
 */
async function forward(request: Request, clientIp: string | undefined): Promise<Response> {
  const url = new URL(request.url);
  const headers = new Headers();
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (clientIp) headers.set('x-forwarded-for', clientIp);
  const body =
    request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
  const upstream = await fetch(`${env.API_URL}${url.pathname}${url.search}`, {
    method: request.method,
    headers,
    body,
    redirect: 'manual',
  }).catch(() => null);
  if (!upstream) {
    return Response.json(
      { message: 'The API is unreachable', type: 'bad_gateway' },
      { status: 502 },
    );
  }
  const responseHeaders = new Headers();
  for (const name of FORWARDED_RESPONSE_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) responseHeaders.set(name, value);
  }
  return new Response(upstream.body, { status: upstream.status, headers: responseHeaders });
}

export const loader = ({ request, context }: LoaderFunctionArgs) =>
  forward(request, context.clientIp);
export const action = ({ request, context }: ActionFunctionArgs) =>
  forward(request, context.clientIp);
