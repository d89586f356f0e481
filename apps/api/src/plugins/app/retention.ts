import type { DB } from '@repo/db';
import { WEBHOOK_DELIVERY_RETENTION_DAYS } from '@repo/validation';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { deleteAnalyticsEvents } from '../../analytics/rollups-repository';
import { purgeExpiredPendingUsers } from '../../auth/users-repository';
import { clearAbandonedSurveyAnswers } from '../../survey/survey-progress-repository';
import { purgeUnconfirmedSignups } from '../../waitlist/confirmation';
import { purgeOldDeliveries } from '../../webhooks/deliveries-repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The first purge waits a little, so that it never competes with the start itself. */
const FIRST_RUN_DELAY_MS = 60_000;
/** Rows per delete: short statements keep locks and the write-ahead log small. */
const PURGE_BATCH = 10_000;

/**
 * Deletes analytics events received more than `retentionDays` ago (issue 8:
 * about 13 months by default), in batches; the index on received_at finds them.
 * Returns how many were deleted.
 */
export async function purgeExpiredAnalytics(
  db: DB,
  retentionDays: number,
  now: Date = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  let total = 0;
  for (;;) {
    // Issue 32: each batch leaves the rollups in the transaction that deletes it.
    const deleted = await db
      .transaction()
      .execute((trx) =>
        deleteAnalyticsEvents(
          trx,
          sql<boolean>`id in (select id from analytics_events where received_at < ${cutoff} limit ${PURGE_BATCH})`,
        ),
      );
    total += deleted;
    if (deleted < PURGE_BATCH) return total;
  }
}

interface RetentionPluginOptions {
  /** Purge on a timer (the server does; tests call purgeExpiredAnalytics). */
  startTimer: boolean;
  /** Delay of the first purge after start (tests shorten it). */
  firstRunDelayMs?: number;
}

/** A daily purge of old analytics (and of abandoned survey answers, unconfirmed signups, expired staff registrations and old webhook deliveries), run once shortly after start too. */
export default fp(
  async function retention(fastify: FastifyInstance, options: RetentionPluginOptions) {
    if (!options.startTimer) return;
    const { config, db, log } = fastify;
    let running: Promise<void> | undefined;
    const run = () => {
      if (running) return;
      running = purgeExpiredAnalytics(db, config.ANALYTICS_RETENTION_DAYS)
        .then((deleted) => {
          if (deleted > 0) log.info({ deleted }, 'expired analytics events purged');
        })
        // Issue 12: a survey nobody can resume keeps its step counts, not its answers.
        .then(() => clearAbandonedSurveyAnswers(db))
        .then((cleared) => {
          if (cleared > 0) log.info({ cleared }, 'answers of abandoned surveys cleared');
        })
        // Issue 11: an address nobody confirmed is not kept.
        .then(() => purgeUnconfirmedSignups(db, config.UNCONFIRMED_SIGNUP_RETENTION_DAYS))
        .then((purged) => {
          if (purged > 0) log.info({ purged }, 'unconfirmed waitlist signups purged');
        })
        // Issue 19: a staff registration nobody confirmed in 7 days is deleted.
        .then(() => purgeExpiredPendingUsers(db))
        .then((purged) => {
          if (purged > 0) log.info({ purged }, 'expired pending staff accounts purged');
        })
        // Issue 34: webhook deliveries and their attempts are kept 30 days.
        .then(() => purgeOldDeliveries(db, WEBHOOK_DELIVERY_RETENTION_DAYS))
        .then((deleted) => {
          if (deleted > 0) log.info({ deleted }, 'old webhook deliveries purged');
        })
        .catch((error: unknown) => log.error({ err: error }, 'analytics purge failed'))
        .finally(() => {
          running = undefined;
        });
    };
    let first: NodeJS.Timeout | undefined;
    let daily: NodeJS.Timeout | undefined;
    fastify.addHook('onReady', async () => {
      // unref: the timers never keep a stopping process alive.
      first = setTimeout(run, options.firstRunDelayMs ?? FIRST_RUN_DELAY_MS).unref();
      daily = setInterval(run, DAY_MS).unref();
    });
    // preClose runs before the database is closed: a purge under way finishes first.
    fastify.addHook('preClose', async () => {
      clearTimeout(first);
      clearInterval(daily);
      await running;
    });
  },
  { name: 'retention', dependencies: ['config', 'db'] },
);
