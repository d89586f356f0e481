import type { DB } from '@repo/db';
import { sql } from 'kysely';

/** Whether the database answers within `timeoutMs` (the health check's ping). */
export async function databaseAnswers(db: DB, timeoutMs: number): Promise<boolean> {
  const ping = sql`select 1`.execute(db).then(() => true);
  const timeout = new Promise<false>((resolve) => setTimeout(resolve, timeoutMs, false).unref());
  return Promise.race([ping, timeout]).catch(() => false);
}
