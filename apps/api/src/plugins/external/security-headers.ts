import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers for `options`, worked out once. With no
 * Content-Security-Policy (the API answers JSON; the two front ends send their
 * own), none of them depends on the request, so every answer can carry the same
 * set: helmet's middleware is run once against a response that only records
 * what it sets and removes.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
      return recorder;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Every answer, errors and 404s included, carries helmet's headers (HSTS,
 * nosniff, frame options, cross-origin policies…). @fastify/helmet did the same
 * by building helmet's whole middleware again for each request and setting each
 * header on the raw response: about half the cost of a cached `GET /api/posts`
 * (issue 13). Here they are one object merged into the reply's headers, which a
 * route can still change or remove (`reply.removeHeader`).
 */
export default fp(
  async function securityHeaders(fastify: FastifyInstance) {
    const headers = helmetHeaders({
      contentSecurityPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-site' },
    });
    fastify.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
