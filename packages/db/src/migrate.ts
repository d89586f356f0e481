import { type Kysely, type Migration, type MigrationResultSet, Migrator } from 'kysely';
import type { DB } from './create-database';
import * as initialSchema from './migrations/2026-11-21-001-initial-schema';
import * as adminAndEmailDelivery from './migrations/2026-11-22-002-admin-and-email-delivery';
import * as waitlistSearchAndCount from './migrations/2026-11-22-003-waitlist-search-and-count';
import * as analyticsDashboardIndexes from './migrations/2026-11-22-004-analytics-dashboard-indexes';
import * as accountsAuditAndPrivacy from './migrations/2026-11-22-005-accounts-audit-and-privacy';

/**
 * Migrations listed in order. A static list (not a folder scan) so that the
 * bundled API carries them. Names sort by their date prefix.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-21-001-initial-schema': initialSchema,
  '2026-11-22-002-admin-and-email-delivery': adminAndEmailDelivery,
  '2026-11-22-003-waitlist-search-and-count': waitlistSearchAndCount,
  '2026-11-22-004-analytics-dashboard-indexes': analyticsDashboardIndexes,
  '2026-11-22-005-accounts-audit-and-privacy': accountsAuditAndPrivacy,
};

/**
 * Brings the schema to the latest version. Kysely's Postgres adapter takes a
 * transaction-scoped advisory lock (pg_advisory_xact_lock) around the run, so
 * two API instances starting at once apply each migration exactly once.
 */
export async function migrateToLatest(db: DB): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    // Migrations are typed against no schema (they are frozen in time).
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    db: db as unknown as Kysely<any>,
    provider: { getMigrations: async () => migrations },
  });
  const resultSet = await migrator.migrateToLatest();
  if (resultSet.error) {
    const failed = resultSet.results?.find((result) => result.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed`, {
      cause: resultSet.error,
    });
  }
  return resultSet;
}
