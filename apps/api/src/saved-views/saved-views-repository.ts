import type { DB } from '@repo/db';
import {
  SAVED_VIEWS_MAX,
  type SavedView,
  type SavedViewCreate,
  type SavedViewList,
  type WaitlistViewState,
} from '@repo/validation';

/*
 * Saved views (issue 32): every function takes the account whose views it reads or
 * changes, and every query is scoped by it, so another account's view is as
 * absent as one that never existed.
 */

interface SavedViewRow {
  id: string;
  list: string;
  name: string;
  state: Record<string, string>;
  createdAt: Date;
}

function toView(row: SavedViewRow): SavedView {
  return {
    id: row.id,
    list: row.list as SavedViewList,
    name: row.name,
    state: row.state as WaitlistViewState,
    createdAt: row.createdAt.toISOString(),
  };
}

const columns = ['id', 'list', 'name', 'state', 'createdAt'] as const;

/** The account's views of one list, by name. */
export async function listSavedViews(
  db: DB,
  userId: string,
  list: SavedViewList,
): Promise<SavedView[]> {
  const rows = await db
    .selectFrom('savedViews')
    .select(columns)
    .where('userId', '=', userId)
    .where('list', '=', list)
    .orderBy((eb) => eb.fn('lower', ['name']))
    .orderBy('createdAt')
    .execute();
  return rows.map(toView);
}

export type CreateSavedViewResult =
  { kind: 'created'; view: SavedView } | { kind: 'duplicate' } | { kind: 'limit' };

/**
 * Saves a view for the account, unless it holds SAVED_VIEWS_MAX already or has
 * one of that name (in any case) for the list. The count is taken under a lock of
 * the account's row, so two saves at once cannot both pass it; the unique index
 * decides a clash of names. Run it in a transaction (the lock lasts until its end).
 */
export async function createSavedView(
  trx: DB,
  userId: string,
  input: SavedViewCreate,
): Promise<CreateSavedViewResult> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  const { count } = await trx
    .selectFrom('savedViews')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(count) >= SAVED_VIEWS_MAX) return { kind: 'limit' };
  // The only unique index besides the key is the name's: a row not inserted is a clash.
  const row = await trx
    .insertInto('savedViews')
    .values({ userId, list: input.list, name: input.name, state: JSON.stringify(input.state) })
    .onConflict((oc) => oc.doNothing())
    .returning(columns)
    .executeTakeFirst();
  return row ? { kind: 'created', view: toView(row) } : { kind: 'duplicate' };
}

/** Deletes the account's view; false when the account has no view of that id. */
export async function deleteSavedView(db: DB, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('savedViews')
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}
