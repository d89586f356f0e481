import type { DB } from '@repo/db';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { recordAudit } from '../audit/audit-log';
import type { Config } from '../config';
import type { Mailer } from '../email/mailer';
import type { PreparedEmail } from '../email-outbox/outbox-repository';
import { AppError } from '../errors';
import { newLinkToken } from '../waitlist/confirmation';
import { confirmationEmail } from '../waitlist/confirmation-email';
import { deleteStoredFile, importRecords } from './import-file';
import {
  type BatchRow,
  creditImportedReferrals,
  insertImportBatch,
  linkReferrers,
  settleQueuePlaces,
} from './import-entries';
import { readRecord, scanImportFile } from './import-rows';
import {
  type ImportRunRecord,
  markFinished,
  recordBatch,
  releaseImportLease,
  takeImportLease,
} from './import-runs-repository';

export interface ImportServices {
  db: DB;
  mailer: Mailer;
  config: Config;
  log: FastifyBaseLogger;
}

/** Rows per transaction: a batch's inserts, its mail and the run's progress commit together. */
const IMPORT_BATCH_ROWS = 2_000;
/**
 * Confirmation mail of an import is spread out: this many a minute, so that a
 * list of 100,000 unconfirmed addresses does not leave at once (a provider's
 * sending limits, and a domain's reputation).
 */
const IMPORT_MAILS_PER_MINUTE = 100;

/** The finishing transaction's statements' limit (the pool's is 15 s). */
const FINISH_STATEMENT_TIMEOUT_MS = 600_000;

export type ImportOutcome = 'finished' | 'failed' | 'stopped' | 'held elsewhere';

/** The batch's rows as entries: confirmed (at their date), or with a confirmation link. */
function prepareBatch(
  run: ImportRunRecord,
  rows: { row: number; value: BatchRow['value'] }[],
): { batch: BatchRow[]; tokens: Map<string, string> } {
  const started = run.startedAt ?? new Date();
  const tokens = new Map<string, string>();
  const batch = rows.map(({ row, value }): BatchRow => {
    const confirmedAt =
      value.confirmedAt ?? (run.confirmAll ? (value.signedUpAt ?? started) : null);
    if (confirmedAt) return { row, value, tokenHash: null, confirmedAt };
    const { token, hash } = newLinkToken();
    tokens.set(value.email.toLowerCase(), token);
    return { row, value, tokenHash: hash, confirmedAt: null };
  });
  return { batch, tokens };
}

/** The confirmation mail of the batch's unconfirmed entries, spread out over the minutes. */
function confirmationMails(
  { mailer, config }: ImportServices,
  run: ImportRunRecord,
  batch: BatchRow[],
  inserted: Map<string, string>,
  tokens: Map<string, string>,
  mailsQueued: number,
): PreparedEmail[] {
  const started = (run.startedAt ?? new Date()).getTime();
  const mails: PreparedEmail[] = [];
  for (const { value } of batch) {
    const address = value.email.toLowerCase();
    const id = inserted.get(address);
    const token = tokens.get(address);
    if (!id || !token) continue;
    const minute = Math.floor((mailsQueued + mails.length) / IMPORT_MAILS_PER_MINUTE);
    mails.push({
      ...confirmationEmail(mailer, config, { ...value, id }, token),
      notBefore: new Date(started + minute * 60_000),
    });
  }
  return mails;
}

/** Counts a problem row. */
function countProblem(problems: Record<string, number>, problem: string): void {
  problems[problem] = (problems[problem] ?? 0) + 1;
}

/**
 * The import's last step, in one transaction: referrals linked by code (a second
 * read of the file, when a column was mapped to them) and credited, the queue
 * places settled by date, the run finished with its audit entry, its file deleted.
 */
async function finishImport(services: ImportServices, run: ImportRunRecord): Promise<boolean> {
  const { db } = services;
  return db.transaction().execute(async (trx) => {
    // A second worker (this one's lease lapsed during a long finish) waits here, then leaves.
    const current = await trx
      .selectFrom('waitlistImportRuns')
      .select('state')
      .where('id', '=', run.id)
      .forUpdate()
      .executeTakeFirst();
    if (current?.state !== 'importing') return false;
    // Settling 100,000 queue places is one long statement: past the pool's 15 s on a
    // busy machine (seen in the bench). This transaction is the API's own work, bounded here.
    await sql`set local statement_timeout = ${sql.lit(FINISH_STATEMENT_TIMEOUT_MS)}`.execute(trx);
    if (run.mapping?.referredByCode !== undefined) {
      let links: { email: string; code: string }[] = [];
      let header = true;
      let row = 1;
      for await (const record of importRecords(trx, run.id)) {
        if (header) {
          header = false;
          continue;
        }
        row += 1;
        const read = readRecord(record, run.mapping, row, Date.now());
        if ('value' in read && read.value.referredByCode)
          links.push({ email: read.email, code: read.value.referredByCode });
        if (links.length >= IMPORT_BATCH_ROWS) {
          await linkReferrers(trx, run.id, links);
          links = [];
        }
      }
      await linkReferrers(trx, run.id, links);
      await creditImportedReferrals(trx, run.id);
    }
    await settleQueuePlaces(trx, run.id);
    if (!(await markFinished(trx, run.id, 'finished'))) return false;
    const counts = await trx
      .selectFrom('waitlistImportRuns')
      .select(['totalRows', 'imported', 'mailsQueued', 'problems'])
      .where('id', '=', run.id)
      .executeTakeFirstOrThrow();
    await recordAudit(trx, run.actor, {
      action: 'waitlist.import',
      targetType: 'waitlist_import',
      targetId: run.id,
      details: { fileName: run.fileName, confirmAll: run.confirmAll, ...counts },
    });
    await deleteStoredFile(trx, run.id);
    return true;
  });
}

/**
 * Imports a run's file to its end while holding its lease: a batch of rows per
 * transaction (the entries, their confirmation mail, the run's progress), the
 * lease renewed between batches. A run resumed (its API stopped) reads the file
 * again from the start for duplicates and inserts from the first row not yet
 * committed. `stopping` ends it early: the lease is let go for the next worker.
 */
export async function processImport(
  services: ImportServices,
  runId: string,
  stopping: () => boolean,
): Promise<ImportOutcome> {
  const { db } = services;
  const run = await takeImportLease(db, runId);
  if (!run) return 'held elsewhere';
  let { imported, mailsQueued } = run;
  let problems = { ...run.problems };
  try {
    for await (const scanned of scanImportFile(db, run.id, run.mapping ?? { email: 0 }, {
      batchSize: IMPORT_BATCH_ROWS,
      from: run.processedRows,
    })) {
      if (stopping()) {
        await releaseImportLease(db, run.id);
        return 'stopped';
      }
      const nextProblems = { ...problems };
      const rows: { row: number; value: BatchRow['value'] }[] = [];
      for (const read of scanned.rows) {
        if ('value' in read) rows.push(read);
        else countProblem(nextProblems, read.problem);
      }
      const { batch, tokens } = prepareBatch(run, rows);
      const progress = await db.transaction().execute(async (trx) => {
        const inserted = await insertImportBatch(trx, run.id, batch);
        // Listed meanwhile (a signup arriving between the lookup and the insert).
        for (let lost = batch.length - inserted.size; lost > 0; lost -= 1)
          countProblem(nextProblems, 'already_listed');
        const mails = confirmationMails(services, run, batch, inserted, tokens, mailsQueued);
        await services.mailer.queue(trx, mails);
        const next = {
          processedRows: scanned.end,
          imported: imported + inserted.size,
          mailsQueued: mailsQueued + mails.length,
          problems: nextProblems,
        };
        await recordBatch(trx, run.id, next);
        return next;
      });
      ({ imported, mailsQueued, problems } = progress);
      if (!(await takeImportLease(db, run.id, { renew: true }))) return 'held elsewhere';
    }
  } catch (error) {
    // A file that stopped being readable half-way (the dry run read it whole, so rare).
    if (!(error instanceof AppError)) throw error;
    await markFinished(db, run.id, 'failed', error.message);
    return 'failed';
  }
  return (await finishImport(services, run)) ? 'finished' : 'held elsewhere';
}
