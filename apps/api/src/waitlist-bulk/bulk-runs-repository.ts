import type { DB } from '@repo/db';
import {
  BULK_RUN_LIST_DAYS,
  BULK_RUN_LIST_MAX,
  BULK_RUN_MAX,
  type WaitlistBulkAction,
  type WaitlistBulkRun,
  type WaitlistBulkRunList,
  type WaitlistSelection,
} from '@repo/validation';
import { sql } from 'kysely';
import type { AuditActor } from '../audit/audit-log';
import { containsPattern, searchText } from '../waitlist/waitlist-repository';

/** How long a worker holds a run between renewals; a run whose lease lapsed is taken up again. */
const LEASE_SECONDS = 30;
/** How many passed-over people a run's summary lists by name (the rest are counted). */
const PASSED_OVER_LISTED = 100;

export type ItemOutcome = { outcome: 'done' } | { outcome: 'skipped' | 'failed'; reason: string };

export interface RunRecord {
  id: string;
  action: WaitlistBulkAction;
  actor: AuditActor;
  total: number;
}

/**
 * The order a run takes its people in: an approval in queue order (issue 11's
 * ranking; the rest, who are not in the queue, after it), the others newest first
 * as the list shows them. Ties fall to the id, so the order is total.
 */
function itemOrder(action: WaitlistBulkAction) {
  return action === 'approve'
    ? // Queue order is the queue key's (issue 32); outside the queue, last.
      sql`w.queue_key asc nulls last, w.created_at, w.id`
    : sql`w.created_at desc, w.id desc`;
}

/**
 * Records a run and its people (the selection resolved now, in the run's order)
 * in the caller's transaction. Explicit ids are kept even when no entry has them
 * (they are reported "not found"); a filter takes the entries matching it now.
 * Returns undefined when the selection is larger than BULK_RUN_MAX.
 */
export async function createBulkRun(
  trx: DB,
  {
    action,
    selection,
    actor,
    createdBy,
  }: {
    action: WaitlistBulkAction;
    selection: WaitlistSelection;
    actor: AuditActor;
    createdBy: string | null;
  },
): Promise<{ id: string; total: number } | undefined> {
  const run = await trx
    .insertInto('waitlistBulkRuns')
    .values({
      action,
      selection: JSON.stringify(selection),
      actor: JSON.stringify(actor),
      createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  let inserted: number;
  if ('ids' in selection) {
    const ids = [...new Set(selection.ids.map((id) => id.toLowerCase()))];
    // Unknown ids sort last, in the order they were sent.
    const result = await sql`
      insert into waitlist_bulk_run_items (run_id, ordinal, entry_id)
      select ${run.id}::uuid,
             row_number() over (order by w.id is null, ${itemOrder(action)}, sent.n),
             sent.id
      from unnest(${ids}::uuid[]) with ordinality as sent(id, n)
      left join waitlist_entries w on w.id = sent.id`.execute(trx);
    inserted = Number(result.numAffectedRows ?? 0);
  } else {
    const { search, state } = selection.filter;
    const conditions = [sql`true`];
    if (search) conditions.push(sql`${searchText} like ${containsPattern(search)}`);
    if (state) {
      conditions.push(
        state === 'confirmed' ? sql`w.confirmed_at is not null` : sql`w.confirmed_at is null`,
      );
    }
    // One past the limit tells "too many" from "exactly the limit".
    const result = await sql`
      insert into waitlist_bulk_run_items (run_id, ordinal, entry_id)
      select ${run.id}::uuid, row_number() over (order by ${itemOrder(action)}), w.id
      from waitlist_entries w
      where ${sql.join(conditions, sql` and `)}
      order by ${itemOrder(action)}
      limit ${BULK_RUN_MAX + 1}`.execute(trx);
    inserted = Number(result.numAffectedRows ?? 0);
  }
  if (inserted > BULK_RUN_MAX) return undefined;
  await trx
    .updateTable('waitlistBulkRuns')
    .set({ total: inserted })
    .where('id', '=', run.id)
    .execute();
  return { id: run.id, total: inserted };
}

/**
 * Takes a run for this worker until LEASE_SECONDS from now (or renews it): only
 * a running run whose lease is free or lapsed, or `renew`ing one's own.
 */
export async function takeRunLease(
  db: DB,
  id: string,
  { renew = false }: { renew?: boolean } = {},
): Promise<RunRecord | undefined> {
  const row = await db
    .updateTable('waitlistBulkRuns')
    .set({ leaseUntil: sql<Date>`now() + make_interval(secs => ${LEASE_SECONDS})` })
    .where('id', '=', id)
    .where('state', '=', 'running')
    .$if(!renew, (query) =>
      query.where((eb) =>
        eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', sql<Date>`now()`)]),
      ),
    )
    .returning(['id', 'action', 'actor', 'total'])
    .executeTakeFirst();
  return row ? { ...row, actor: row.actor as unknown as AuditActor } : undefined;
}

/** Lets go of a run before it is finished (the API is stopping): another worker takes it at once. */
export async function releaseRunLease(db: DB, id: string): Promise<void> {
  await db.updateTable('waitlistBulkRuns').set({ leaseUntil: null }).where('id', '=', id).execute();
}

/** Running runs no worker holds (their API stopped, or they were never started). */
export async function listUnheldRuns(db: DB): Promise<string[]> {
  const rows = await db
    .selectFrom('waitlistBulkRuns')
    .select('id')
    .where('state', '=', 'running')
    .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', sql<Date>`now()`)]))
    .orderBy('createdAt')
    .execute();
  return rows.map((row) => row.id);
}

/** The next people of a run not yet acted on, in its order. */
export async function pendingItems(
  db: DB,
  runId: string,
  limit: number,
): Promise<{ ordinal: number; entryId: string }[]> {
  return db
    .selectFrom('waitlistBulkRunItems')
    .select(['ordinal', 'entryId'])
    .where('runId', '=', runId)
    .where('outcome', 'is', null)
    .orderBy('ordinal')
    .limit(limit)
    .execute();
}

/**
 * Locks one person of a run for the caller's transaction, if nobody acted on them
 * yet: the guard against acting twice (a resumed run, a second worker). Another
 * transaction holding the row skips it rather than waits.
 */
export async function claimItem(trx: DB, runId: string, ordinal: number): Promise<boolean> {
  const row = await trx
    .selectFrom('waitlistBulkRunItems')
    .select('ordinal')
    .where('runId', '=', runId)
    .where('ordinal', '=', ordinal)
    .where('outcome', 'is', null)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  return row !== undefined;
}

/** Writes a person's outcome and counts it on the run, in the transaction of the action. */
export async function recordItemOutcome(
  trx: DB,
  runId: string,
  ordinal: number,
  result: ItemOutcome,
): Promise<void> {
  await trx
    .updateTable('waitlistBulkRunItems')
    .set({ outcome: result.outcome, reason: 'reason' in result ? result.reason : null })
    .where('runId', '=', runId)
    .where('ordinal', '=', ordinal)
    .execute();
  const counter = result.outcome;
  await trx
    .updateTable('waitlistBulkRuns')
    .set((eb) => ({ [counter]: eb(counter, '+', 1) }))
    .where('id', '=', runId)
    .execute();
}

/**
 * Marks a run finished once every person has an outcome: returns its counts to
 * the one caller that finished it (undefined to any other, and while people remain).
 */
export async function finishRun(
  trx: DB,
  runId: string,
): Promise<{ total: number; done: number; skipped: number; failed: number } | undefined> {
  return trx
    .updateTable('waitlistBulkRuns')
    .set({ state: 'finished', finishedAt: sql<Date>`now()`, leaseUntil: null })
    .where('id', '=', runId)
    .where('state', '=', 'running')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('waitlistBulkRunItems')
            .select('ordinal')
            .where('runId', '=', runId)
            .where('outcome', 'is', null),
        ),
      ),
    )
    .returning(['total', 'done', 'skipped', 'failed'])
    .executeTakeFirst();
}

/** A run as the console polls it: counts, skips by reason, the first people passed over. */
export async function findBulkRun(db: DB, id: string): Promise<WaitlistBulkRun | undefined> {
  const run = await db
    .selectFrom('waitlistBulkRuns')
    .select([
      'id',
      'action',
      'state',
      'total',
      'done',
      'skipped',
      'failed',
      'createdAt',
      'finishedAt',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!run) return undefined;
  const [reasons, passedOver] = await Promise.all([
    db
      .selectFrom('waitlistBulkRunItems')
      .select(['reason', (eb) => eb.fn.countAll<string>().as('count')])
      .where('runId', '=', id)
      .where('outcome', 'in', ['skipped', 'failed'])
      .groupBy('reason')
      .execute(),
    db
      .selectFrom('waitlistBulkRunItems as i')
      .leftJoin('waitlistEntries as w', 'w.id', 'i.entryId')
      .select(['i.entryId', 'i.reason', 'w.firstName', 'w.lastName', 'w.email'])
      .where('i.runId', '=', id)
      .where('i.outcome', 'in', ['skipped', 'failed'])
      .orderBy('i.ordinal')
      .limit(PASSED_OVER_LISTED)
      .execute(),
  ]);
  return {
    ...run,
    createdAt: run.createdAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    reasons: Object.fromEntries(reasons.map((row) => [row.reason ?? 'unknown', Number(row.count)])),
    passedOver: passedOver.map((row) => ({
      id: row.entryId,
      name: [row.firstName, row.lastName].filter(Boolean).join(' '),
      email: row.email ?? '',
      reason: row.reason ?? 'unknown',
    })),
  };
}

/**
 * The runs started in the last BULK_RUN_LIST_DAYS, newest first, at most
 * BULK_RUN_LIST_MAX: counts and skips by reason, who started each.
 */
export async function listBulkRuns(db: DB): Promise<WaitlistBulkRunList> {
  const runs = await db
    .selectFrom('waitlistBulkRuns')
    .select([
      'id',
      'action',
      'state',
      'total',
      'done',
      'skipped',
      'failed',
      'actor',
      'createdAt',
      'finishedAt',
    ])
    .where('createdAt', '>', sql<Date>`now() - make_interval(days => ${BULK_RUN_LIST_DAYS})`)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(BULK_RUN_LIST_MAX)
    .execute();
  const reasons =
    runs.length === 0
      ? []
      : await db
          .selectFrom('waitlistBulkRunItems')
          .select(['runId', 'reason', (eb) => eb.fn.countAll<string>().as('count')])
          .where(
            'runId',
            'in',
            runs.map((run) => run.id),
          )
          .where('outcome', 'in', ['skipped', 'failed'])
          .groupBy(['runId', 'reason'])
          .execute();
  return {
    items: runs.map(({ actor, ...run }) => ({
      ...run,
      createdAt: run.createdAt.toISOString(),
      finishedAt: run.finishedAt?.toISOString() ?? null,
      reasons: Object.fromEntries(
        reasons
          .filter((row) => row.runId === run.id)
          .map((row) => [row.reason ?? 'unknown', Number(row.count)]),
      ),
      startedBy: (actor as unknown as AuditActor).label,
    })),
  };
}
