import type { DB } from '@repo/db';
import type { FastifyBaseLogger } from 'fastify';
import {
  DeliveryError,
  type DeliveryTransport,
  type OutgoingEmail,
} from '../email/delivery-transport';
import { openSecrets, restoreSecrets } from '../email/link-secrets';
import {
  type ClaimedMessage,
  claimDueMessages,
  databaseNow,
  markFailed,
  markHeld,
  markSent,
  type RenderedBody,
  renderPendingMessages,
  renderStored,
  scheduleRetry,
  storeRendered,
} from './outbox-repository';
import { findSuppression } from '../suppressions/suppressions-repository';

/*
 * Why a hand-written worker and not a job-queue library: the outbox must be
 * written in the same transaction as the change that causes each email, on both
 * PostgreSQL and the embedded PGlite database used in development and tests.
 * pg-boss (the obvious choice) does not run on PGlite, and graphile-worker needs
 * LISTEN/NOTIFY and its own schema. The job here is small: claim rows with
 * `for update skip locked` under a lease, send, record the outcome, back off.
 */

export interface OutboxWorkerOptions {
  db: DB;
  transport: DeliveryTransport;
  log: FastifyBaseLogger;
  pollIntervalMs: number;
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs?: number;
  /** How long a claim lasts; must outlast a lookup plus a send. */
  leaseMs: number;
  batchSize?: number;
  /**
   * Opens the link secrets sealed in the outbox (linkSecretsKey of SESSION_SECRET).
   * Without it, a message that carries any fails with the reason.
   */
  linkKey?: Buffer;
  /** Told the outcome of every attempt (the metrics count them). */
  onOutcome?: (outcome: 'sent' | 'reconciled' | 'retried' | 'failed' | 'held') => void;
}

interface DrainSummary {
  sent: number;
  retried: number;
  failed: number;
  /** Attempts whose outcome was unknown, resolved by finding the accepted copy. */
  reconciled: number;
  /** Not sent: the address is suppressed on the message's stream. */
  held: number;
}

export interface OutboxWorker {
  /** Polls every `pollIntervalMs` until stopped. */
  start: () => void;
  /** Stops claiming and waits for the messages in flight. */
  stop: () => Promise<void>;
  /** Delivers every message due now, then returns (tests, manual runs). */
  drainOnce: () => Promise<DrainSummary>;
}

const ONE_HOUR_MS = 60 * 60 * 1000;

/** Exponential backoff with "equal jitter": half fixed, half random. */
export function retryDelayMs(attempt: number, baseMs: number, maxMs: number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}

/**
 * The copy that is sent: the stored message (placeholders where the link tokens
 * go) with the tokens put back. Only this copy, never the row, holds them.
 */
function toOutgoing(row: ClaimedMessage, body: RenderedBody, secrets: string[]): OutgoingEmail {
  const restore = (text: string) => restoreSecrets(text, secrets);
  return {
    outboxId: row.id,
    stream: row.stream,
    templateId: row.templateId,
    to: row.toEmail,
    subject: restore(row.subject),
    htmlBody: restore(body.htmlBody),
    textBody: restore(body.textBody),
    headers: secrets.length
      ? row.headers.map((header) => ({ ...header, value: restore(header.value) }))
      : row.headers,
  };
}

/** The bodies of a claimed message as stored; a deferred one is rendered (and stored) first. */
async function storedBodyOf(db: DB, claim: ClaimedMessage): Promise<RenderedBody> {
  if (claim.htmlBody !== null && claim.textBody !== null) {
    return { htmlBody: claim.htmlBody, textBody: claim.textBody };
  }
  let body: RenderedBody;
  try {
    body = await renderStored(claim);
  } catch (error) {
    // A template that cannot render never will: no point retrying.
    throw new DeliveryError(
      `could not render: ${error instanceof Error ? error.message : String(error)}`,
      'permanent',
      false,
    );
  }
  await storeRendered(db, claim.id, body);
  return body;
}

/** The link tokens sealed with a claimed message (none for most mail). */
function linkSecretsOf(claim: ClaimedMessage, linkKey: Buffer | undefined): string[] {
  if (claim.linkSecrets === null) return [];
  try {
    if (!linkKey) throw new Error('no key configured');
    return openSecrets(linkKey, claim.linkSecrets);
  } catch (error) {
    // SESSION_SECRET changed since: a mail with broken links helps nobody.
    throw new DeliveryError(
      `could not restore the message's links (${error instanceof Error ? error.message : String(error)}); send it again from where it was made`,
      'permanent',
      false,
    );
  }
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, transport, log, maxAttempts, retryBaseMs } = options;
  const retryMaxMs = options.retryMaxMs ?? ONE_HOUR_MS;
  const batchSize = options.batchSize ?? 10;
  const loop = pollLoop(options.pollIntervalMs, drainOnce, (error) =>
    log.error({ err: error }, 'email outbox poll failed'),
  );

  type Outcome = 'sent' | 'reconciled' | 'retried' | 'failed' | 'held';

  async function deliver(claim: ClaimedMessage): Promise<Outcome> {
    let uncertain = claim.deliveryUncertain;
    try {
      const secrets = linkSecretsOf(claim, options.linkKey);
      const email = toOutgoing(claim, await storedBodyOf(db, claim), secrets);
      if (uncertain) {
        // An earlier attempt may have gone through: never send the same message twice.
        const accepted = await transport.findAccepted(email);
        if (accepted) {
          await markSent(db, claim, accepted);
          return 'reconciled';
        }
        uncertain = false;
      }
      // An address that bounced hard, complained or opted out gets nothing more on that stream.
      const suppression = await findSuppression(db, claim.toEmail, claim.stream);
      if (suppression) {
        const reason = `Held: ${claim.toEmail} is suppressed on the ${claim.stream} stream (${suppression.reason}, ${suppression.createdAt.toISOString()})`;
        await markHeld(db, claim, reason);
        log.warn({ outboxId: claim.id }, 'email held: address suppressed');
        return 'held';
      }
      const { providerMessageId } = await transport.send(email);
      if (!(await markSent(db, claim, providerMessageId))) {
        log.warn({ outboxId: claim.id }, 'email sent after its lease was taken over');
      }
      return 'sent';
    } catch (error) {
      const failure =
        error instanceof DeliveryError
          ? error
          : new DeliveryError(
              error instanceof Error ? error.message : String(error),
              'retryable',
              true,
            );
      uncertain = uncertain || failure.uncertain;
      if (failure.kind === 'permanent' || claim.attempts >= maxAttempts) {
        const reason =
          failure.kind === 'permanent'
            ? failure.message
            : `${failure.message} (gave up after ${claim.attempts} attempts)`;
        await markFailed(db, claim, { reason, uncertain });
        log.error({ outboxId: claim.id, reason }, 'email delivery failed');
        return 'failed';
      }
      const delayMs = retryDelayMs(claim.attempts, retryBaseMs, retryMaxMs);
      await scheduleRetry(db, claim, { delayMs, reason: failure.message, uncertain });
      log.warn(
        { outboxId: claim.id, attempt: claim.attempts, delayMs, reason: failure.message },
        'email delivery will be retried',
      );
      return 'retried';
    }
  }

  async function drainOnce(): Promise<DrainSummary> {
    const summary: DrainSummary = { sent: 0, retried: 0, failed: 0, reconciled: 0, held: 0 };
    // Only what is due now: a message retried during this drain waits for a later one.
    const dueBy = await databaseNow(db);
    while (!loop.stopping()) {
      const claims = await claimDueMessages(db, {
        limit: batchSize,
        leaseMs: options.leaseMs,
        dueBy,
      });
      if (claims.length === 0) break;
      // allSettled: a database error on one message must not return (and let shutdown
      // proceed) while the others are still in flight.
      const results = await Promise.allSettled(claims.map(deliver));
      for (const result of results) {
        if (result.status !== 'fulfilled') continue;
        summary[result.value] += 1;
        options.onOutcome?.(result.value);
      }
      const failure = results.find((result) => result.status === 'rejected');
      // The row keeps its lease; once it runs out, the message is looked up and finished.
      if (failure) throw failure.reason;
    }
    return summary;
  }

  return { start: loop.start, stop: loop.stop, drainOnce };
}

/**
 * Without a Postmark token nothing is sent, but deferred messages are still
 * rendered in the background (the console reads them; reading one early renders
 * it on demand).
 */
export function createPendingRenderer(options: {
  db: DB;
  log: FastifyBaseLogger;
  pollIntervalMs: number;
}): { start: () => void; stop: () => Promise<void> } {
  const loop = pollLoop(
    options.pollIntervalMs,
    async () => {
      while (!loop.stopping() && (await renderPendingMessages(options.db)) > 0);
    },
    (error) => options.log.error({ err: error }, 'email render poll failed'),
  );
  return { start: loop.start, stop: loop.stop };
}

/**
 * Runs `run` `pollIntervalMs` after start() and after each run ends, until stop()
 * (which waits for the run under way; `run` reads stopping() to end early).
 */
function pollLoop(
  pollIntervalMs: number,
  run: () => Promise<unknown>,
  onError: (error: unknown) => void,
) {
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> | undefined;
  function schedule() {
    if (stopping) return;
    timer = setTimeout(() => {
      current = run()
        .catch(onError)
        .finally(() => {
          current = undefined;
          schedule();
        });
    }, pollIntervalMs);
  }
  return {
    stopping: () => stopping,
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
