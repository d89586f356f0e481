import type { DB } from '@repo/db';
import type { WaitlistSelection } from '@repo/validation';
import { streamForExport } from '../export-stream';
import {
  containsPattern,
  searchText,
  selectEntries,
  type WaitlistEntryRecord,
} from './waitlist-repository';

/**
 * Entries of a selection (issue 32): the ids named, or those matching the list's
 * filter (its `search` and `state`, as GET /api/admin/waitlist reads them).
 */
function selected(db: DB, selection: WaitlistSelection) {
  let query = selectEntries(db);
  if ('ids' in selection) return query.where('w.id', 'in', selection.ids);
  const { search, state } = selection.filter;
  if (search) query = query.where(searchText, 'like', containsPattern(search));
  if (state) query = query.where('w.confirmedAt', state === 'confirmed' ? 'is not' : 'is', null);
  return query;
}

export async function countSelectedEntries(db: DB, selection: WaitlistSelection): Promise<number> {
  const row = await db
    .selectFrom(selected(db, selection).as('s'))
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A selection's entries, newest first as the list shows them, read in chunks (CSV export). */
export function streamSelectedEntries(
  db: DB,
  selection: WaitlistSelection,
): AsyncIterable<WaitlistEntryRecord> {
  return streamForExport(db, (trx) =>
    selected(trx, selection).orderBy('w.createdAt', 'desc').orderBy('w.id', 'desc').stream(500),
  );
}
