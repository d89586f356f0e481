import { AsyncResource } from 'node:async_hooks';
import { abortQueries, createQueryScope, runInQueryScope } from '@repo/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Issue 32: nothing the console asks of the database runs away. Every request
 * to a console route (one that declares a permission: /api/admin/* and the
 * analytics dashboard) runs its statements in a query scope: on the console's
 * own pool, each with ADMIN_STATEMENT_TIMEOUT_MS as its statement_timeout (a
 * statement cut by it answers 503 with Retry-After, see the error handler), and
 * cancelled on the server as soon as the client goes away. Public routes keep
 * the main pool and its budget.
 */
export default fp(
  async function consoleQueries(fastify: FastifyInstance) {
    const { config, db } = fastify;
    // The body is parsed outside the request's async context: preValidation re-enters it
    // (as @fastify/request-context does).
    const resources = new WeakMap<FastifyRequest, AsyncResource>();

    fastify.addHook('onRequest', (request, reply, done) => {
      if (!request.routeOptions.config?.permission) {
        done();
        return;
      }
      const scope = createQueryScope(config.ADMIN_STATEMENT_TIMEOUT_MS);
      // Closed before the answer was written: the client is gone (or the proxy gave up).
      reply.raw.once('close', () => {
        if (reply.raw.writableFinished) return;
        abortQueries(db, scope).catch((error: unknown) =>
          request.log.warn({ err: error }, 'could not cancel the queries of an abandoned request'),
        );
      });
      runInQueryScope(scope, () => {
        const resource = new AsyncResource('console-query-scope');
        resources.set(request, resource);
        resource.runInAsyncScope(done);
      });
    });

    fastify.addHook('preValidation', (request, _reply, done) => {
      const resource = resources.get(request);
      if (resource) resource.runInAsyncScope(done);
      else done();
    });
  },
  { name: 'console-queries', dependencies: ['config', 'db'] },
);
