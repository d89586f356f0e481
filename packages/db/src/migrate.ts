import type { Kysely } from 'kysely';
import { type Migration, type MigrationResultSet, Migrator } from 'kysely/migration';
import type { DB } from './create-database';
import * as initialSchema from './migrations/2026-11-21-001-initial-schema';
import * as adminAndEmailDelivery from './migrations/2026-11-22-002-admin-and-email-delivery';
import * as waitlistSearchAndCount from './migrations/2026-11-22-003-waitlist-search-and-count';
import * as analyticsDashboardIndexes from './migrations/2026-11-22-004-analytics-dashboard-indexes';
import * as accountsAuditAndPrivacy from './migrations/2026-11-22-005-accounts-audit-and-privacy';
import * as deferredEmailRenderAndSpreadCount from './migrations/2026-11-22-006-deferred-email-render-and-spread-count';
import * as deliveryEventsAndSuppressions from './migrations/2026-11-22-007-delivery-events-and-suppressions';
import * as surveyProgress from './migrations/2026-11-22-009-survey-progress';
import * as bulkSendRuns from './migrations/2026-11-22-010-bulk-send-runs';
import * as waitlistSource from './migrations/2026-11-22-011-waitlist-source';
import * as waitlistGrowthAndSeats from './migrations/2026-11-25-012-waitlist-growth-and-seats';
import * as staffAccounts from './migrations/2026-11-26-013-staff-accounts';
import * as outboxLinkRedaction from './migrations/2026-11-26-014-outbox-link-redaction';
import * as seatsAndAbuse from './migrations/2026-11-26-015-seats-and-abuse';
import * as rolesAndKeyScopes from './migrations/2026-11-26-016-roles-and-key-scopes';
import * as twoFactorTotp from './migrations/2026-11-26-017-two-factor-totp';
import * as passkeys from './migrations/2026-11-26-018-passkeys';
import * as postPublishing from './migrations/2026-11-27-019-post-publishing';
import * as postImages from './migrations/2026-11-27-020-post-images';
import * as postPendingRevisions from './migrations/2026-11-28-021-post-pending-revisions';
import * as staffInvitations from './migrations/2026-11-28-022-staff-invitations';
import * as postPreviewLinks from './migrations/2026-11-28-023-post-preview-links';
import * as queuePositions from './migrations/2026-11-28-024-queue-positions';
import * as analyticsRollups from './migrations/2026-11-28-025-analytics-rollups';
import * as waitlistBulkRuns from './migrations/2026-11-28-026-waitlist-bulk-runs';
import * as savedViews from './migrations/2026-11-28-027-saved-views';
import * as waitlistSourceCounts from './migrations/2026-11-28-028-waitlist-source-counts';
import * as webhooks from './migrations/2026-11-29-029-webhooks';
import * as waitlistImports from './migrations/2026-11-29-030-waitlist-imports';
import * as staffSsoIdentities from './migrations/2026-11-29-031-staff-sso-identities';

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
  '2026-11-22-006-deferred-email-render-and-spread-count': deferredEmailRenderAndSpreadCount,
  '2026-11-22-007-delivery-events-and-suppressions': deliveryEventsAndSuppressions,
  '2026-11-22-009-survey-progress': surveyProgress,
  '2026-11-22-010-bulk-send-runs': bulkSendRuns,
  '2026-11-22-011-waitlist-source': waitlistSource,
  '2026-11-25-012-waitlist-growth-and-seats': waitlistGrowthAndSeats,
  '2026-11-26-013-staff-accounts': staffAccounts,
  '2026-11-26-014-outbox-link-redaction': outboxLinkRedaction,
  '2026-11-26-015-seats-and-abuse': seatsAndAbuse,
  '2026-11-26-016-roles-and-key-scopes': rolesAndKeyScopes,
  '2026-11-26-017-two-factor-totp': twoFactorTotp,
  '2026-11-26-018-passkeys': passkeys,
  '2026-11-27-019-post-publishing': postPublishing,
  '2026-11-27-020-post-images': postImages,
  '2026-11-28-021-post-pending-revisions': postPendingRevisions,
  '2026-11-28-022-staff-invitations': staffInvitations,
  '2026-11-28-023-post-preview-links': postPreviewLinks,
  '2026-11-28-024-queue-positions': queuePositions,
  '2026-11-28-025-analytics-rollups': analyticsRollups,
  '2026-11-28-026-waitlist-bulk-runs': waitlistBulkRuns,
  '2026-11-28-027-saved-views': savedViews,
  '2026-11-28-028-waitlist-source-counts': waitlistSourceCounts,
  '2026-11-29-029-webhooks': webhooks,
  '2026-11-29-030-waitlist-imports': waitlistImports,
  '2026-11-29-031-staff-sso-identities': staffSsoIdentities,
};

/**
 * Brings the schema to the latest version. Kysely's Postgres adapter takes a
 * session-level advisory lock (pg_advisory_lock, released after the run) around it, so
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
