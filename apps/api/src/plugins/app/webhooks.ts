import { WEBHOOK_DELIVERY_RETENTION_DAYS } from '@repo/validation';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type AddressPolicy, type ResolveHost, resolveWithDns } from '../../webhooks/address-guard';
import { purgeOldDeliveries } from '../../webhooks/deliveries-repository';
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

const DAY_MS = 24 * 60 * 60 * 1000;

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
    // The delivery log keeps 30 days: a daily purge, the first shortly after start.
    let purging: Promise<void> | undefined;
    const purge = () => {
      purging ??= purgeOldDeliveries(db, WEBHOOK_DELIVERY_RETENTION_DAYS)
        .then((deleted) => {
          if (deleted > 0) log.info({ deleted }, 'old webhook deliveries purged');
        })
        .catch((error: unknown) => log.error({ err: error }, 'webhook delivery purge failed'))
        .finally(() => {
          purging = undefined;
        });
    };
    let first: NodeJS.Timeout | undefined;
    let daily: NodeJS.Timeout | undefined;
    fastify.addHook('onReady', async () => {
      worker.start();
      first = setTimeout(purge, 60_000);
      daily = setInterval(purge, DAY_MS);
      first.unref();
      daily.unref();
    });
    fastify.addHook('preClose', async () => {
      clearTimeout(first);
      clearInterval(daily);
      await worker.stop();
      await purging;
    });
  },
  { name: 'webhooks', dependencies: ['config', 'db', 'email', 'metrics'] },
);
