import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { createRouteFinder, siteRouteTable } from '@repo/api-client';
import { env } from '~/env.server';
import { visitorHeaders } from '~/utils/site-api.server';

/**
 * Forwarded: the public API routes, by method, of the route table's site part
 * (`siteRouteTable` in @repo/api-client), HEAD with GET. Nothing else is: the
 * sign-in, registration and admin routes are the console's business and are not
 * reachable through the public site.
 */
const findPublicRoute = createRouteFinder(siteRouteTable);

/** The metrics label of an /api path the table does not have: one value, never the URL. */
const UNMATCHED_API_ROUTE = '/api/unmatched';

// No cookies either way: the public API needs no session, and the console's lives on its own origin.
const FORWARDED_REQUEST_HEADERS = ['accept', 'content-type', 'if-none-match', 'user-agent'];
const FORWARDED_RESPONSE_HEADERS = [
  'cache-control',
  'content-type',
  'etag',
  'location',
  'retry-after',
  // The API's security headers (helmet, and the unsubscribe page's own policy).
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'permissions-policy',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** The API's BODY_LIMIT_BYTES (same variable, same default): larger bodies are refused here. */
const BODY_LIMIT_BYTES = env.BODY_LIMIT_BYTES;

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** The visitor's address, from the production server (server/serve.js). */
    clientIp?: string;
    /** The scheme and host the visitor used (a trusted proxy's word, else this server's). */
    forwardedProto?: string;
    forwardedHost?: string;
    /** This request's x-request-id (server/serve.js), sent on to the API. */
    requestId?: string;
    /** Tells the metrics which route pattern this request was (server/serve.js). */
    recordRoute?: (pattern: string) => void;
  }
}

function jsonError(status: number, message: string, type: string, headers: HeadersInit = {}) {
  return Response.json(
    { message, type },
    {
      status,
      headers: {
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'strict-origin-when-cross-origin',
        ...headers,
      },
    },
  );
}

const TOO_LARGE = Symbol('too large');

/**
 * Reads the body, never more than the limit: a declared Content-Length over it
 * is refused before a byte is read, a chunked body as soon as it passes it.
 */
async function readCappedBody(
  request: Request,
): Promise<Uint8Array<ArrayBuffer> | typeof TOO_LARGE> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > BODY_LIMIT_BYTES) return TOO_LARGE;
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    // Stop reading (without cancelling: that would destroy the socket before the answer).
    if (total > BODY_LIMIT_BYTES) {
      reader.releaseLock();
      return TOO_LARGE;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * Same-origin /api/* for the browser: forwards the public API routes to the API
 * server. The visitor's address goes along as X-Forwarded-For so the API limits
 * each visitor, not this server; a client-sent X-Forwarded-* is never passed
 * through (server/serve.js decides, with MARKETING_TRUST_PROXY, whom to believe).
 */
async function forward(
  request: Request,
  context: LoaderFunctionArgs['context'],
): Promise<Response> {
  const url = new URL(request.url);
  const route = findPublicRoute(request.method, url.pathname);
  context.recordRoute?.(route ?? UNMATCHED_API_ROUTE);
  if (!route) {
    return jsonError(404, 'Not found', 'not_found');
  }

  let body: Uint8Array<ArrayBuffer> | undefined;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    const read = await readCappedBody(request);
    if (read === TOO_LARGE) {
      // The client may still be sending: close the connection rather than read the rest.
      return jsonError(413, 'Request body is too large', 'payload_too_large', {
        connection: 'close',
      });
    }
    body = read;
  }

  const headers = new Headers();
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  // The visitor's address, scheme and host, and this request's id (the same id in this
  // server's answer and in the API's log lines, issue 21).
  for (const [name, value] of Object.entries(visitorHeaders(request, context))) {
    headers.set(name, value);
  }
  const requestId = headers.get('x-request-id');

  const upstream = await fetch(`${env.API_URL}${url.pathname}${url.search}`, {
    method: request.method,
    headers,
    body,
    redirect: 'manual',
  }).catch((error: unknown) => {
    console.error(
      `[${requestId}] ${request.method} ${url.pathname}: the API is unreachable`,
      error,
    );
    return null;
  });
  if (!upstream) return jsonError(502, 'The API is unreachable', 'bad_gateway');
  const responseHeaders = new Headers();
  for (const name of FORWARDED_RESPONSE_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) responseHeaders.set(name, value);
  }
  return new Response(upstream.body, { status: upstream.status, headers: responseHeaders });
}

export const loader = ({ request, context }: LoaderFunctionArgs) => forward(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => forward(request, context);
