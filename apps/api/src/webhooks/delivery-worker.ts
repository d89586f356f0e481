import type { DB } from '@repo/db';
import {
  WEBHOOK_FAILING_DISABLE_MS,
  WEBHOOK_RETRY_DELAYS_MS,
  WEBHOOK_TIMEOUT_MS,
  type WebhookEnvelope,
  type WebhookEvent,
} from '@repo/validation';
import { renderWebhookEndpointDisabledEmail } from '@repo/email-templates';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Mailer } from '../email/mailer';
import type { AddressPolicy } from './address-guard';
import {
  type AttemptRecord,
  type ClaimedDelivery,
  claimDueDeliveries,
  finishAttempt,
} from './deliveries-repository';
import { postWebhook } from './http-delivery';
import { signedHeaders } from './signing';
import { slackMessageOf } from './slack-message';

/*
 * The webhook delivery worker (issue 34), shaped like the email outbox's: every API
 * instance polls, claims due deliveries with `for update skip locked` under a lease,
 * POSTs them, records the attempt, and backs off on failure along
 * WEBHOOK_RETRY_DELAYS_MS (with jitter). A 2xx within 15 s is a success; `410 Gone`
 * disables the endpoint at once; an endpoint failing for 3 days is disabled too, and
 * the Owners are mailed (through the email outbox, in the same transaction).
 */

export interface WebhookWorkerOptions {
  db: DB;
  log: FastifyBaseLogger;
  mailer: Mailer;
  /** Where the Owners' notice links to, and the site its layout names. */
  adminUrl: string;
  siteUrl: string;
  policy: AddressPolicy;
  pollIntervalMs: number;
  /** Defaults: WEBHOOK_RETRY_DELAYS_MS and WEBHOOK_TIMEOUT_MS (tests shorten them). */
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
  batchSize?: number;
  onOutcome?: (outcome: DeliveryOutcome) => void;
}

type DeliveryOutcome = 'succeeded' | 'retried' | 'failed';

export interface WebhookWorker {
  start: () => void;
  stop: () => Promise<void>;
  /** Delivers everything due now, then returns (tests, manual runs). */
  drainOnce: () => Promise<Record<DeliveryOutcome, number>>;
}

/** The delay before attempt `attempt + 1`, ±20 % so that retries of many deliveries spread. */
function webhookRetryDelayMs(delays: readonly number[], attempt: number): number | undefined {
  const base = delays[attempt - 1];
  if (base === undefined) return undefined;
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

const isSuccess = (status: number | null) => status !== null && status >= 200 && status < 300;

export function createWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const { db, log, policy } = options;
  const delays = options.retryDelaysMs ?? WEBHOOK_RETRY_DELAYS_MS;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const batchSize = options.batchSize ?? 10;
  // A claim outlasts a send bounded by the timeout, with room for the bookkeeping.
  const leaseMs = timeoutMs + 30_000;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> | undefined;

  async function disableEndpoint(endpointId: string, reason: string): Promise<void> {
    await db.transaction().execute(async (trx) => {
      // Only the worker that flips it mails: the condition on `enabled` decides.
      const disabled = await trx
        .updateTable('webhookEndpoints')
        .set({ enabled: false, disabledReason: reason, updatedAt: sql<Date>`now()` })
        .where('id', '=', endpointId)
        .where('enabled', '=', true)
        .returning('url')
        .executeTakeFirst();
      if (!disabled) return;
      const owners = await trx
        .selectFrom('users')
        .innerJoin('roles', 'roles.id', 'users.roleId')
        .select('users.email')
        .where('roles.key', '=', 'owner')
        .where('users.status', '=', 'active')
        .execute();
      const rendered = renderWebhookEndpointDisabledEmail({
        endpointUrl: disabled.url,
        reason:
          reason === '410 Gone' ? 'it answered 410 Gone' : 'it failed every delivery for 3 days',
        integrationsUrl: `${options.adminUrl.replace(/\/+$/, '')}/admin/integrations`,
        siteUrl: options.siteUrl,
      });
      await options.mailer.queue(
        trx,
        owners.map((owner) => ({
          stream: 'outbound' as const,
          templateId: 'webhook-endpoint-disabled',
          to: owner.email,
          subject: rendered.subject,
          htmlBody: rendered.html,
          textBody: rendered.text,
          headers: [],
        })),
      );
      log.warn({ endpointId, reason }, 'webhook endpoint disabled');
    });
  }

  /** Notes the outcome on the endpoint; disables it after 410 or 3 days of failures. */
  async function recordOnEndpoint(endpointId: string, attempt: AttemptRecord): Promise<void> {
    if (isSuccess(attempt.status)) {
      await db
        .updateTable('webhookEndpoints')
        .set({ failingSince: null, lastDeliveryAt: sql<Date>`now()` })
        .where('id', '=', endpointId)
        .execute();
      return;
    }
    const row = await db
      .updateTable('webhookEndpoints')
      .set({
        failingSince: sql<Date>`coalesce(failing_since, now())`,
        lastDeliveryAt: sql<Date>`now()`,
      })
      .where('id', '=', endpointId)
      .returning(
        sql<boolean>`failing_since <= now() - make_interval(secs => ${WEBHOOK_FAILING_DISABLE_MS / 1000})`.as(
          'longFailing',
        ),
      )
      .executeTakeFirst();
    if (attempt.status === 410) await disableEndpoint(endpointId, '410 Gone');
    else if (row?.longFailing) await disableEndpoint(endpointId, 'failing for 3 days');
  }

  async function deliver(claim: ClaimedDelivery): Promise<DeliveryOutcome> {
    const row = await db
      .selectFrom('webhookEvents as ev')
      .innerJoin('webhookEndpoints as en', (join) => join.on('en.id', '=', claim.endpointId))
      .select([
        'ev.id',
        'ev.type',
        'ev.payload',
        'ev.createdAt',
        'en.kind',
        'en.url',
        'en.enabled',
        'en.secret',
        'en.previousSecret',
        sql<boolean>`en.previous_secret_expires_at > now()`.as('previousStillSigns'),
      ])
      .where('ev.id', '=', claim.eventId)
      .executeTakeFirst();
    const give = async (error: string): Promise<DeliveryOutcome> => {
      await finishAttempt(
        db,
        claim,
        { status: null, durationMs: 0, response: null, error },
        { state: 'failed' },
      );
      return 'failed';
    };
    if (!row) return give('Not sent: the event or its endpoint no longer exists');
    if (!row.enabled) return give('Not sent: the endpoint is disabled');
    if (row.payload === null) return give('Not sent: the person it was about was erased');
    const envelope = {
      type: row.type as WebhookEvent,
      timestamp: row.createdAt.toISOString(),
      data: row.payload,
    } as WebhookEnvelope;
    const body = JSON.stringify(row.kind === 'slack' ? slackMessageOf(envelope) : envelope);
    const headers =
      row.kind === 'slack'
        ? {}
        : signedHeaders(
            { id: row.id, timestamp: new Date(), body },
            {
              secret: row.secret,
              previousSecret: row.previousStillSigns ? row.previousSecret : null,
            },
          );
    const attempt = await postWebhook(row.url, { body, headers, timeoutMs }, policy);
    const succeeded = isSuccess(attempt.status);
    const retryInMs = webhookRetryDelayMs(delays, claim.attempts);
    const outcome: DeliveryOutcome = succeeded
      ? 'succeeded'
      : attempt.status === 410 || retryInMs === undefined
        ? 'failed'
        : 'retried';
    const kept = await finishAttempt(
      db,
      claim,
      attempt,
      outcome === 'retried' ? { state: 'pending', retryInMs: retryInMs! } : { state: outcome },
    );
    if (!kept) log.warn({ deliveryId: claim.id }, 'webhook attempt ended after its lease was lost');
    await recordOnEndpoint(claim.endpointId, attempt);
    if (!succeeded) {
      log.info(
        {
          deliveryId: claim.id,
          attempt: claim.attempts,
          status: attempt.status,
          error: attempt.error,
        },
        'webhook delivery failed',
      );
    }
    return outcome;
  }

  async function drainOnce(): Promise<Record<DeliveryOutcome, number>> {
    const summary: Record<DeliveryOutcome, number> = { succeeded: 0, retried: 0, failed: 0 };
    while (!stopping) {
      const claims = await claimDueDeliveries(db, { limit: batchSize, leaseMs });
      if (claims.length === 0) break;
      const results = await Promise.allSettled(claims.map(deliver));
      for (const result of results) {
        if (result.status !== 'fulfilled') continue;
        summary[result.value] += 1;
        options.onOutcome?.(result.value);
      }
      const failure = results.find((result) => result.status === 'rejected');
      // The row keeps its lease; once it runs out another drain takes it over.
      if (failure) throw failure.reason;
    }
    return summary;
  }

  function schedule() {
    if (stopping) return;
    timer = setTimeout(() => {
      current = drainOnce()
        .catch((error: unknown) => log.error({ err: error }, 'webhook delivery poll failed'))
        .finally(() => {
          current = undefined;
          schedule();
        });
    }, options.pollIntervalMs);
  }

  return {
    drainOnce,
    start() {
      stopping = false;
      if (!timer && !current) schedule();
    },
    async stop() {
      stopping = true;
      clearTimeout(timer);
      timer = undefined;
      await current;
    },
  };
}
