import type { DB } from '@repo/db';
import type { WaitlistBulkSkipReason } from '@repo/validation';
import type { FastifyBaseLogger } from 'fastify';
import { recordAudit } from '../audit/audit-log';
import { approveForBeta, invitationExpiry, prepareInvitation } from '../beta/invitations';
import { prepareWaitlistUpdate, sendWaitlistUpdate } from '../beta/waitlist-update';
import type { Config } from '../config';
import type { Mailer } from '../email/mailer';
import { AppError } from '../errors';
import { deleteWaitlistEntry } from '../waitlist/delete-entry';
import { findWaitlistEntry, type WaitlistEntryRecord } from '../waitlist/waitlist-repository';
import {
  claimItem,
  finishRun,
  type ItemOutcome,
  pendingItems,
  recordItemOutcome,
  releaseRunLease,
  type RunRecord,
  takeRunLease,
} from './bulk-runs-repository';

export interface BulkRunServices {
  db: DB;
  mailer: Mailer;
  config: Config;
  log: FastifyBaseLogger;
}

/** People read per round; the lease is renewed between rounds. */
const CHUNK = 20;

const skip = (reason: WaitlistBulkSkipReason): ItemOutcome => ({ outcome: 'skipped', reason });

/** What the single approval's refusals mean for one person of a run. */
const APPROVAL_REFUSALS: Record<string, WaitlistBulkSkipReason> = {
  already_approved: 'already_participant',
  beta_full: 'no_free_seat',
};

/**
 * Acts on one person, in a transaction of their own that also records their
 * outcome: the action and "done" land together or not at all, so a run resumed
 * after a crash picks up exactly the people not yet acted on. Mail is rendered
 * before the transaction (rendering takes time), and only for someone it may
 * reach. Each action is the single action's own path: `approveForBeta` under the
 * cap lock, `sendWaitlistUpdate`, `deleteWaitlistEntry`, with their audit entries.
 */
async function processItem(
  services: BulkRunServices,
  run: RunRecord,
  item: { ordinal: number; entryId: string },
): Promise<void> {
  const { db, mailer } = services;
  const entry = await findWaitlistEntry(db, item.entryId);
  const details = { bulkRunId: run.id };
  const prepared = entry ? await prepareMail(services, run, entry) : undefined;
  await db.transaction().execute(async (trx) => {
    if (!(await claimItem(trx, run.id, item.ordinal))) return;
    let result: ItemOutcome;
    if (!entry) result = skip('not_found');
    else if (run.action === 'approve') {
      if (!entry.confirmedAt) result = skip('not_confirmed');
      else if (!prepared || !('tokenHash' in prepared)) result = skip('already_participant');
      else {
        try {
          await approveForBeta(trx, mailer, entry, prepared, run.actor, details);
          result = { outcome: 'done' };
        } catch (error) {
          // Refused before anything was written (under the cap lock): the transaction goes on.
          const reason =
            error instanceof AppError && error.type ? APPROVAL_REFUSALS[error.type] : undefined;
          if (!reason) throw error;
          result = skip(reason);
        }
      }
    } else if (run.action === 'hang-tight') {
      if (!prepared || 'tokenHash' in prepared) result = skip('already_participant');
      else {
        await sendWaitlistUpdate(trx, mailer, entry.id, prepared, run.actor, details);
        result = { outcome: 'done' };
      }
    } else {
      const deleted = await deleteWaitlistEntry(trx, entry.id, run.actor, details);
      result = deleted ? { outcome: 'done' } : skip('not_found');
    }
    await recordItemOutcome(trx, run.id, item.ordinal, result);
  });
}

/** The mail a person's action sends, rendered ahead; none when they will be skipped. */
async function prepareMail(
  { mailer, config }: BulkRunServices,
  run: RunRecord,
  entry: WaitlistEntryRecord,
) {
  if (entry.participantId) return undefined;
  if (run.action === 'approve') {
    if (!entry.confirmedAt) return undefined;
    return prepareInvitation(mailer, config, entry, invitationExpiry(config));
  }
  if (run.action === 'hang-tight') return prepareWaitlistUpdate(mailer, entry);
  return undefined;
}

/**
 * A person whose action failed unexpectedly (the entry deleted under it, the
 * database refusing): counted as failed, with nothing of the action kept.
 */
async function recordFailure(db: DB, runId: string, ordinal: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (await claimItem(trx, runId, ordinal)) {
      await recordItemOutcome(trx, runId, ordinal, { outcome: 'failed', reason: 'error' });
    }
  });
}

/** The run's own audit entry, once, by whoever finishes it. */
async function finish(db: DB, run: RunRecord): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const counts = await finishRun(trx, run.id);
    if (!counts) return false;
    await recordAudit(trx, run.actor, {
      action: 'waitlist.bulk',
      targetType: 'waitlist_bulk_run',
      targetId: run.id,
      details: { bulkAction: run.action, ...counts },
    });
    return true;
  });
}

export type RunOutcome = 'finished' | 'stopped' | 'held elsewhere';

/**
 * Processes a run to its end while holding its lease: its people in order, each in
 * a transaction of their own, the lease renewed every CHUNK people. `stopping`
 * ends it early (the API is closing): the lease is let go for the next worker.
 */
export async function processBulkRun(
  services: BulkRunServices,
  runId: string,
  stopping: () => boolean,
): Promise<RunOutcome> {
  const { db, log } = services;
  const run = await takeRunLease(db, runId);
  if (!run) return 'held elsewhere';
  for (;;) {
    if (stopping()) {
      await releaseRunLease(db, run.id);
      return 'stopped';
    }
    const items = await pendingItems(db, run.id, CHUNK);
    if (items.length === 0) break;
    for (const item of items) {
      if (stopping()) break;
      try {
        await processItem(services, run, item);
      } catch (error) {
        log.error({ err: error, bulkRunId: run.id }, 'a bulk action on one person failed');
        await recordFailure(db, run.id, item.ordinal);
      }
    }
    if (!(await takeRunLease(db, run.id, { renew: true }))) return 'held elsewhere';
  }
  await finish(db, run);
  return 'finished';
}
