import type { DB } from '@repo/db';
import {
  IMPORT_LIST_DAYS,
  IMPORT_LIST_MAX,
  IMPORT_UNDO_HOURS,
  type WaitlistImportMapping,
  type WaitlistImportRun,
  type WaitlistImportRunList,
} from '@repo/validation';
import { sql } from 'kysely';
import type { AuditActor } from '../audit/audit-log';

/** How long a worker holds an import between renewals; a lapsed one is taken up again. */
const LEASE_SECONDS = 30;
/** An upload never imported is deleted (with its file) after this long. */
const ABANDONED_UPLOAD_HOURS = 24;

export interface ImportRunRecord {
  id: string;
  fileName: string;
  header: string[];
  mapping: WaitlistImportMapping | null;
  confirmAll: boolean;
  actor: AuditActor;
  state: WaitlistImportRun['state'];
  totalRows: number | null;
  processedRows: number;
  imported: number;
  mailsQueued: number;
  problems: Record<string, number>;
  startedAt: Date | null;
}

const recordColumns = [
  'id',
  'fileName',
  'header',
  'mapping',
  'confirmAll',
  'actor',
  'state',
  'totalRows',
  'processedRows',
  'imported',
  'mailsQueued',
  'problems',
  'startedAt',
] as const;

/**
 * The problem counts as stored: the CamelCasePlugin renames a JSON column's keys
 * on the way out (invalidEmail), the contract names problems in snake_case.
 */
function problemsOf(stored: Record<string, number>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(stored).map(([key, count]) => [
      key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`),
      count,
    ]),
  );
}

function recordOf(row: {
  actor: Record<string, unknown>;
  mapping: Record<string, number> | null;
  problems: Record<string, number>;
}): Pick<ImportRunRecord, 'actor' | 'mapping' | 'problems'> {
  return {
    actor: row.actor as unknown as AuditActor,
    mapping: row.mapping as WaitlistImportMapping | null,
    problems: problemsOf(row.problems),
  };
}

/** A new run for an upload about to be stored. */
export async function createImportRun(
  db: DB,
  { fileName, actor, createdBy }: { fileName: string; actor: AuditActor; createdBy: string | null },
): Promise<string> {
  const row = await db
    .insertInto('waitlistImportRuns')
    .values({ fileName, actor: JSON.stringify(actor), createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The upload is stored: its size and header row. */
export async function markUploaded(
  db: DB,
  id: string,
  { bytes, header }: { bytes: number; header: string[] },
): Promise<void> {
  await db
    .updateTable('waitlistImportRuns')
    .set({ state: 'uploaded', bytes: String(bytes), header: JSON.stringify(header) })
    .where('id', '=', id)
    .execute();
}

export async function deleteImportRun(db: DB, id: string): Promise<void> {
  await db.deleteFrom('waitlistImportRuns').where('id', '=', id).execute();
}

/** Uploads left unimported for a day: gone with their files (personal data kept no longer). */
export async function deleteAbandonedUploads(db: DB): Promise<void> {
  await db
    .deleteFrom('waitlistImportRuns')
    .where('state', 'in', ['uploading', 'uploaded'])
    .where('createdAt', '<', sql<Date>`now() - make_interval(hours => ${ABANDONED_UPLOAD_HOURS})`)
    .execute();
}

export async function findImportRunRecord(
  db: DB,
  id: string,
): Promise<ImportRunRecord | undefined> {
  const row = await db
    .selectFrom('waitlistImportRuns')
    .select(recordColumns)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { ...row, ...recordOf(row) } : undefined;
}

/** The dry run's mapping and row count: the import uses this mapping. */
export async function saveMapping(
  db: DB,
  id: string,
  mapping: WaitlistImportMapping,
  totalRows: number,
): Promise<void> {
  await db
    .updateTable('waitlistImportRuns')
    .set({ mapping: JSON.stringify(mapping), totalRows })
    .where('id', '=', id)
    .where('state', '=', 'uploaded')
    .execute();
}

/**
 * Starts an uploaded, dry-run import: true when this call started it. One import
 * runs at a time (their entries' queue places are settled one import after the
 * other): false with `busy` when another is importing.
 */
export async function startImportRun(
  trx: DB,
  id: string,
  confirmAll: boolean,
): Promise<'started' | 'busy' | 'not_ready'> {
  await sql`select pg_advisory_xact_lock(hashtext('wordloom:waitlist-import-start'))`.execute(trx);
  const busy = await trx
    .selectFrom('waitlistImportRuns')
    .select('id')
    .where('state', '=', 'importing')
    .executeTakeFirst();
  if (busy) return 'busy';
  const row = await trx
    .updateTable('waitlistImportRuns')
    .set({ state: 'importing', confirmAll, startedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .where('state', '=', 'uploaded')
    .where('mapping', 'is not', null)
    .returning('id')
    .executeTakeFirst();
  return row ? 'started' : 'not_ready';
}

/** Takes an importing run for this worker (or renews its lease). */
export async function takeImportLease(
  db: DB,
  id: string,
  { renew = false }: { renew?: boolean } = {},
): Promise<ImportRunRecord | undefined> {
  const row = await db
    .updateTable('waitlistImportRuns')
    .set({ leaseUntil: sql<Date>`now() + make_interval(secs => ${LEASE_SECONDS})` })
    .where('id', '=', id)
    .where('state', '=', 'importing')
    .$if(!renew, (query) =>
      query.where((eb) =>
        eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', sql<Date>`now()`)]),
      ),
    )
    .returning(recordColumns)
    .executeTakeFirst();
  return row ? { ...row, ...recordOf(row) } : undefined;
}

export async function releaseImportLease(db: DB, id: string): Promise<void> {
  await db
    .updateTable('waitlistImportRuns')
    .set({ leaseUntil: null })
    .where('id', '=', id)
    .execute();
}

/** Importing runs no worker holds (their API stopped). */
export async function listUnheldImports(db: DB): Promise<string[]> {
  const rows = await db
    .selectFrom('waitlistImportRuns')
    .select('id')
    .where('state', '=', 'importing')
    .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', sql<Date>`now()`)]))
    .orderBy('createdAt')
    .execute();
  return rows.map((row) => row.id);
}

/** A batch's progress, in the transaction of its inserts. */
export async function recordBatch(
  trx: DB,
  id: string,
  progress: {
    processedRows: number;
    imported: number;
    mailsQueued: number;
    problems: Record<string, number>;
  },
): Promise<void> {
  await trx
    .updateTable('waitlistImportRuns')
    .set({
      processedRows: progress.processedRows,
      imported: progress.imported,
      mailsQueued: progress.mailsQueued,
      problems: JSON.stringify(progress.problems),
    })
    .where('id', '=', id)
    .execute();
}

/** Marks an import finished (once): false when it was not importing any more. */
export async function markFinished(
  trx: DB,
  id: string,
  state: 'finished' | 'failed',
  error: string | null = null,
): Promise<boolean> {
  const row = await trx
    .updateTable('waitlistImportRuns')
    .set({ state, error, finishedAt: sql<Date>`now()`, leaseUntil: null })
    .where('id', '=', id)
    .where('state', '=', 'importing')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Marks a finished import undone, if it finished within IMPORT_UNDO_HOURS (the
 * database's clock): 'undone', or why not.
 */
export async function markUndone(
  trx: DB,
  id: string,
): Promise<'undone' | 'expired' | 'not_finished'> {
  const run = await trx
    .selectFrom('waitlistImportRuns')
    .select([
      'state',
      sql<boolean>`finished_at > now() - make_interval(hours => ${IMPORT_UNDO_HOURS})`.as('recent'),
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!run || run.state !== 'finished') return 'not_finished';
  if (!run.recent) return 'expired';
  await trx
    .updateTable('waitlistImportRuns')
    .set({ state: 'undone', undoneAt: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
  return 'undone';
}

const runColumns = [
  'id',
  'fileName',
  'state',
  'confirmAll',
  'totalRows',
  'processedRows',
  'imported',
  'mailsQueued',
  'problems',
  'error',
  'createdAt',
  'startedAt',
  'finishedAt',
  'undoneAt',
  sql<Date | null>`case when state = 'finished' and finished_at > now() - make_interval(hours => ${IMPORT_UNDO_HOURS})
    then finished_at + make_interval(hours => ${IMPORT_UNDO_HOURS}) end`.as('undoableUntil'),
] as const;

function runOf(row: {
  problems: Record<string, number>;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  undoneAt: Date | null;
  undoableUntil: Date | null;
}) {
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    problems: problemsOf(row.problems),
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    undoneAt: iso(row.undoneAt),
    undoableUntil: iso(row.undoableUntil),
  };
}

/**
 * The imports started in the last IMPORT_LIST_DAYS, newest first, at most
 * IMPORT_LIST_MAX (uploads never started are not imports yet).
 */
export async function listImportRuns(db: DB): Promise<WaitlistImportRunList> {
  const rows = await db
    .selectFrom('waitlistImportRuns')
    .select([...runColumns, 'actor'])
    .where('startedAt', 'is not', null)
    .where('startedAt', '>', sql<Date>`now() - make_interval(days => ${IMPORT_LIST_DAYS})`)
    .orderBy('startedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(IMPORT_LIST_MAX)
    .execute();
  return {
    items: rows.map(({ actor, ...row }) => ({
      ...row,
      ...runOf(row),
      startedBy: (actor as unknown as AuditActor).label,
    })),
  };
}

/** An import as the console polls it. */
export async function findImportRun(db: DB, id: string): Promise<WaitlistImportRun | undefined> {
  const row = await db
    .selectFrom('waitlistImportRuns')
    .select(runColumns)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { ...row, ...runOf(row) } : undefined;
}
