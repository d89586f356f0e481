import type { DB } from '@repo/db';
import Fastify, { type FastifyReply, type RouteOptions } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import adminAuth from './plugins/app/admin-auth';
import authentication from './plugins/app/authentication';
import email from './plugins/app/email';
import invitationExpiry from './plugins/app/invitation-expiry';
import waitlistBulkRuns from './plugins/app/waitlist-bulk-runs';
import waitlistImports from './plugins/app/waitlist-imports';
import postImageStore from './plugins/app/post-image-store';
import postScheduler from './plugins/app/post-scheduler';
import postsCache from './plugins/app/posts-cache';
import counterFold from './plugins/app/counter-fold';
import analyticsRollups from './plugins/app/analytics-rollups';
import consoleQueries from './plugins/app/console-queries';
import retention from './plugins/app/retention';
import webhooks, { type WebhooksPluginOptions } from './plugins/app/webhooks';
import compression from './plugins/external/compression';
import { configPlugin, dbPlugin } from './plugins/external/core';
import errorHandler from './plugins/external/error-handler';
import loadShedding from './plugins/external/load-shedding';
import openapi from './plugins/external/openapi';
import rateLimit from './plugins/external/rate-limit';
import securityHeaders from './plugins/external/security-headers';
import session, { withSessions } from './plugins/external/session';
import adminRoutes from './routes/api/admin';
import analyticsRoutes from './routes/api/analytics';
import analyticsDashboardRoutes from './routes/api/analytics/dashboard';
import accountRoutes from './routes/api/account';
import accountPasskeyRoutes from './routes/api/account/passkeys';
import authRoutes from './routes/api/auth';
import passkeySignInRoutes from './routes/api/auth/passkey';
import surveyRoutes from './routes/api/survey';
import betaInvitationRoutes from './routes/api/beta';
import contactRoutes from './routes/api/contacts';
import unsubscribeRoutes from './routes/api/suppressions/unsubscribe';
import postmarkWebhookRoutes from './routes/api/email-outbox/postmark-webhook';
import docsRoutes from './routes/api/docs';
import healthRoutes from './routes/api/health';
import metrics from './metrics/plugin';
import { REQUEST_ID_HEADER, requestIdGenerator } from './metrics/request-id';
import { serializeRequest } from './request-log';
import { zodValidatorCompiler } from './route-schemas';
import postsRoutes from './routes/api/posts';
import postPreviewRoutes from './routes/api/post-previews';
import postImageServingRoutes from './routes/api/post-images';
import waitlistRoutes from './routes/api/waitlist';

export interface BuildAppOptions {
  config: Config;
  db: DB;
  /** Where log lines go: stdout unless given (tests capture them here). */
  logStream?: { write: (line: string) => void };
  /** Deliver the email outbox in the background (the server does; tests drain by hand). */
  startEmailWorker?: boolean;
  /** Called for every route as it is registered (tests enumerate the admin routes). */
  onRoute?: (route: RouteOptions) => void;
  /** Publish due scheduled posts on a timer (default: with the email worker), this often. */
  postScheduler?: { start: boolean; intervalMs?: number };
  /** Issue 34: the webhook worker's test settings (a resolver, a short schedule). */
  webhooks?: Omit<WebhooksPluginOptions, 'startWorker'>;
}

/** TRUST_PROXY: 'true', 'false', or addresses/keywords such as 'loopback' or '10.0.0.0/8'. */
function trustProxy(value: string): boolean | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

/** Composes the API: external plugins first, then app plugins, then routes. */
export async function buildApp({
  config,
  db,
  logStream,
  startEmailWorker = false,
  onRoute,
  postScheduler: schedulerOptions = { start: startEmailWorker },
  webhooks: webhookOptions = {},
}: BuildAppOptions) {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      // Credentials never reach the logs, nor do tokens in query strings (unsubscribe links).
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      serializers: { req: serializeRequest },
      ...(logStream ? { stream: logStream } : {}),
    },
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: trustProxy(config.TRUST_PROXY),
    // x-request-id (issue 21): a trusted proxy's (the front ends') when short and safe,
    // else a fresh UUID; logged as reqId on every line of the request, and answered.
    requestIdHeader: false,
    genReqId: requestIdGenerator(trustProxy(config.TRUST_PROXY)),
    // Leave 5xx details to the error handler; never echo them.
    return503OnClosing: true,
    // A path the router cannot decode (e.g. a lone '%') fails before any error handler:
    // answer it in the JSON error contract, not Fastify's own error shape.
    frameworkErrors: (error, request, reply) => {
      const badUrl = error.code === 'FST_ERR_BAD_URL';
      void (reply as unknown as FastifyReply)
        .header(REQUEST_ID_HEADER, request.id)
        .status(400)
        .send({
          message: badUrl ? 'Malformed URL' : 'Bad request',
          type: 'invalid_request',
        });
    },
  }).withTypeProvider<ZodTypeProvider>();

  // Routes declare zod schemas (issue 10): requests are parsed by them, into the error
  // contract when they fail; answers are serialised by them, so nothing else leaves.
  app.setValidatorCompiler(zodValidatorCompiler());
  app.setSerializerCompiler(serializerCompiler);

  if (onRoute) app.addHook('onRoute', onRoute);

  // sendBeacon posts may arrive as text/plain; routes that accept them parse the string.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  await app.register(configPlugin, { config });
  await app.register(dbPlugin, { db });
  // First: its hooks see every request, the refused ones included.
  await app.register(metrics);
  await app.register(errorHandler);
  await app.register(securityHeaders);
  // Before every route: the plugin hooks each route as it is added.
  await app.register(compression);
  await app.register(loadShedding);
  await app.register(rateLimit);
  // Before the session and admin checks: their statements are the console's too.
  await app.register(consoleQueries);
  await app.register(session);
  await app.register(authentication);
  await app.register(adminAuth);
  await app.register(email, { startWorker: startEmailWorker });
  await app.register(webhooks, { ...webhookOptions, startWorker: startEmailWorker });
  await app.register(retention, { startTimer: startEmailWorker });
  await app.register(analyticsRollups, { startTimer: startEmailWorker });
  await app.register(invitationExpiry, { startTimer: startEmailWorker });
  await app.register(waitlistBulkRuns, { startTimer: startEmailWorker });
  await app.register(waitlistImports, { startTimer: startEmailWorker });
  await app.register(counterFold, { startTimer: startEmailWorker });
  await app.register(postsCache);
  await app.register(postImageStore);
  await app.register(postScheduler, {
    startTimer: schedulerOptions.start,
    ...(schedulerOptions.intervalMs ? { intervalMs: schedulerOptions.intervalMs } : {}),
  });
  // Before the routes: it collects them as they are added.
  await app.register(openapi);

  await app.register(
    async (api) => {
      await api.register(docsRoutes);
      await api.register(healthRoutes);
      await api.register(postsRoutes);
      await api.register(postPreviewRoutes);
      await api.register(postImageServingRoutes);
      await api.register(waitlistRoutes);
      await api.register(contactRoutes);
      await api.register(surveyRoutes);
      await api.register(betaInvitationRoutes);
      await api.register(analyticsRoutes);
      await api.register(unsubscribeRoutes);
      await api.register(postmarkWebhookRoutes);
      // Only sign-in and the console's routes carry a session (issue 13): the public
      // ones above never parse a cookie nor build a session object.
      await api.register(async (signedIn) => {
        await withSessions(signedIn);
        await signedIn.register(authRoutes);
        await signedIn.register(passkeySignInRoutes);
        await signedIn.register(accountRoutes, { prefix: '/account' });
        await signedIn.register(accountPasskeyRoutes, { prefix: '/account' });
        await signedIn.register(analyticsDashboardRoutes);
        await signedIn.register(adminRoutes, { prefix: '/admin' });
      });
    },
    { prefix: '/api' },
  );

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
