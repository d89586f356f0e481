import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { linkSecretsKey } from '../../email/link-secrets';
import { createMailer, type Mailer } from '../../email/mailer';
import {
  createOutboxWorker,
  createPendingRenderer,
  type OutboxWorker,
} from '../../email-outbox/outbox-worker';
import { createPostmarkTransport } from '../../email/postmark-transport';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /** Delivers the outbox through Postmark; null while mail is only captured. */
    emailWorker: OutboxWorker | null;
  }
}

interface EmailPluginOptions {
  /** Poll the outbox in the background (the server does; tests drain by hand). */
  startWorker: boolean;
}

export default fp(
  async function email(fastify: FastifyInstance, options: EmailPluginOptions) {
    const { config, db, log } = fastify;
    fastify.decorate('mailer', createMailer(config));

    const token = config.POSTMARK_SERVER_TOKEN;
    if (!token) {
      fastify.decorate('emailWorker', null);
      const note = 'POSTMARK_SERVER_TOKEN is not set: emails are captured in the outbox, not sent';
      if (config.isProduction) log.warn(note);
      else log.info(note);
      // Captured mail is still rendered in the background, as the worker would before sending.
      if (options.startWorker) {
        const renderer = createPendingRenderer({
          db,
          log,
          pollIntervalMs: config.EMAIL_WORKER_POLL_MS,
        });
        fastify.addHook('onReady', async () => renderer.start());
        fastify.addHook('preClose', async () => renderer.stop());
      }
      return;
    }
    const worker = createOutboxWorker({
      db,
      log,
      onOutcome: (outcome) => fastify.metrics.emailSends.inc({ outcome }),
      transport: createPostmarkTransport({
        serverToken: token,
        apiHost: config.POSTMARK_API_HOST,
        timeoutMs: config.POSTMARK_TIMEOUT_MS,
        from: config.EMAIL_FROM,
        streams: {
          outbound: config.POSTMARK_TRANSACTIONAL_STREAM,
          broadcast: config.POSTMARK_BROADCAST_STREAM,
        },
      }),
      pollIntervalMs: config.EMAIL_WORKER_POLL_MS,
      maxAttempts: config.EMAIL_MAX_ATTEMPTS,
      retryBaseMs: config.EMAIL_RETRY_BASE_MS,
      // A claim outlasts a lookup and a send, each bounded by the client timeout.
      leaseMs: 2 * config.POSTMARK_TIMEOUT_MS + 30_000,
      linkKey: linkSecretsKey(config.SESSION_SECRET),
    });
    fastify.decorate('emailWorker', worker);
    if (options.startWorker) fastify.addHook('onReady', async () => worker.start());
    // preClose runs before the database is closed: in-flight sends finish and are recorded.
    fastify.addHook('preClose', async () => worker.stop());
  },
  { name: 'email', dependencies: ['config', 'db', 'metrics'] },
);
