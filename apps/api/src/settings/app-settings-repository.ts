import type { DB } from '@repo/db';
import { sql } from 'kysely';

/** Console switches (issue 11), one row each in app_settings. */
const AUTO_FILL_KEY = 'beta.autoFill';

export interface AutoFillState {
  enabled: boolean;
  updatedAt: string | null;
}

/** Auto-fill: off unless staff turned it on. */
export async function readAutoFill(db: DB): Promise<AutoFillState> {
  const row = await db
    .selectFrom('appSettings')
    .select(['value', 'updatedAt'])
    .where('key', '=', AUTO_FILL_KEY)
    .executeTakeFirst();
  return { enabled: row?.value === true, updatedAt: row?.updatedAt.toISOString() ?? null };
}

export async function writeAutoFill(
  db: DB,
  enabled: boolean,
  updatedBy: string | null,
): Promise<AutoFillState> {
  const row = await db
    .insertInto('appSettings')
    .values({ key: AUTO_FILL_KEY, value: JSON.stringify(enabled), updatedBy })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        value: JSON.stringify(enabled),
        updatedBy,
        updatedAt: sql<Date>`now()`,
      }),
    )
    .returning(['value', 'updatedAt'])
    .executeTakeFirstOrThrow();
  return { enabled: row.value === true, updatedAt: row.updatedAt.toISOString() };
}
