import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type AddressPolicy, type ResolveHost, resolveWithDns } from '../../webhooks/address-guard';
import { createWebhookWorker, type WebhookWorker } from '../../webhooks/delivery-worker';

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivers the webhook outbox (issue 34); tests call drainOnce. */
    webhookWorker: WebhookWorker;
    /** Where webhooks may go (the SSRF guard's settings), at creation and delivery. */
    webhookAddressPolicy: AddressPolicy;
  }
}

export interface WebhooksPluginOptions {
  /** Poll for due deliveries and purge old ones in the background (the server does). */
  startWorker: boolean;
  /** Tests: a resolver standing in for DNS, a shorter schedule and timeout. */
  resolve?: ResolveHost;
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
}

export default fp(
  async function webhooks(fastify: FastifyInstance, options: WebhooksPluginOptions) {
    const { config, db, log, mailer } = fastify;
    const policy: AddressPolicy = {
      allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES,
      resolve: options.resolve ?? resolveWithDns,
    };
    if (policy.allowPrivate) {
      log.warn('WEBHOOKS_ALLOW_PRIVATE_ADDRESSES is on: webhooks may reach internal addresses');
    }
    fastify.decorate('webhookAddressPolicy', policy);
    const worker = createWebhookWorker({
      db,
      log,
      mailer,
      adminUrl: config.ADMIN_URL,
      siteUrl: config.PUBLIC_SITE_URL,
      policy,
      pollIntervalMs: config.WEBHOOK_WORKER_POLL_MS,
      onOutcome: (outcome) => fastify.metrics.webhookAttempts.inc({ outcome }),
      ...(options.retryDelaysMs ? { retryDelaysMs: options.retryDelaysMs } : {}),
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    });
    fastify.decorate('webhookWorker', worker);
    if (!options.startWorker) return;
    // The delivery log's 30 days are kept by the daily retention job (plugins/app/retention.ts).
    fastify.addHook('onReady', async () => {
      worker.start();
    });
    fastify.addHook('preClose', async () => {
      await worker.stop();
    });
  },
  { name: 'webhooks', dependencies: ['config', 'db', 'email', 'metrics'] },
);
