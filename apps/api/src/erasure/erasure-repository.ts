import type { DB } from '@repo/db';
import { sql } from 'kysely';
import { deleteAnalyticsEvents } from '../analytics/rollups-repository';
import { forgetInBulkRuns } from '../bulk-send/bulk-send';
import { emitWebhookEvent } from '../webhooks/webhook-events';
import { forgetWebhookEventsOf } from '../webhooks/webhook-erasure';
import { pseudonymiseSuppressions } from '../suppressions/suppressions-repository';
import { deleteUploadsNaming } from '../waitlist-import/import-file';

/** What an erasure removed, table by table (counts only: the data is gone). */
export interface ErasureCounts {
  waitlistEntries: number;
  contactMessages: number;
  feedbackResponses: number;
  participants: number;
  emails: number;
  analyticsEvents: number;
}

const NOTHING_ERASED: ErasureCounts = {
  waitlistEntries: 0,
  contactMessages: 0,
  feedbackResponses: 0,
  participants: 0,
  emails: 0,
  analyticsEvents: 0,
};

const sameAddress = (email: string) => sql<boolean>`lower(email) = lower(${email})`;

/** Every outbox message to these addresses (any case), whatever its state. */
async function deleteMailTo(db: DB, emails: string[]): Promise<number> {
  const addresses = [...new Set(emails.map((email) => email.toLowerCase()))];
  if (addresses.length === 0) return 0;
  const result = await db
    .deleteFrom('emailOutbox')
    .where(sql<boolean>`lower(to_email) = any(${addresses}::text[])`)
    .executeTakeFirst();
  // Postmark's events about them (those of their messages went with the messages).
  // A suppression stays: it is what keeps mail from reaching someone who asked for none.
  await db
    .deleteFrom('emailEvents')
    .where(sql<boolean>`lower(email) = any(${addresses}::text[])`)
    .execute();
  return Number(result.numDeletedRows);
}

/**
 * Analytics events whose data names one of these addresses or ids anywhere
 * (today's tracker sends neither; events stored before issue 8 may hold a
 * form's typed values). A scan of the table: erasure is rare, and a JSON text
 * search is the only way to be sure nothing is left. Runs in the erasure's
 * transaction (the rollups change with the events).
 */
async function deleteAnalyticsNaming(db: DB, needles: string[]): Promise<number> {
  const terms = [...new Set(needles.map((needle) => needle.toLowerCase()))].filter(Boolean);
  if (terms.length === 0) return 0;
  // Issue 32: the events leave the rollups too, in this transaction.
  return deleteAnalyticsEvents(
    db,
    sql<boolean>`exists (select 1 from unnest(${terms}::text[]) as term where strpos(lower(data::text), term) > 0)`,
  );
}

/** Mail and analytics that name a deleted record's address or id. */
async function deleteTraces(
  db: DB,
  emails: string[],
  ids: string[],
): Promise<Pick<ErasureCounts, 'emails' | 'analyticsEvents'>> {
  const counts = {
    emails: await deleteMailTo(db, emails),
    analyticsEvents: await deleteAnalyticsNaming(db, [...emails, ...ids]),
  };
  // Issue 34: the webhook outbox forgets them too, then tells receivers which ids to forget.
  await forgetWebhookEventsOf(db, { emails, ids });
  if (ids.length > 0) await emitWebhookEvent(db, 'person.erased', { ids });
  return counts;
}

/** Deletes one waitlist entry for good; undefined when there is none. */
export async function eraseWaitlistEntry(db: DB, id: string): Promise<ErasureCounts | undefined> {
  const row = await db
    .deleteFrom('waitlistEntries')
    .where('id', '=', id)
    .returning('email')
    .executeTakeFirst();
  if (!row) return undefined;
  return { ...NOTHING_ERASED, waitlistEntries: 1, ...(await deleteTraces(db, [row.email], [id])) };
}

export async function eraseContactMessage(db: DB, id: string): Promise<ErasureCounts | undefined> {
  const row = await db
    .deleteFrom('contactMessages')
    .where('id', '=', id)
    .returning('email')
    .executeTakeFirst();
  if (!row) return undefined;
  return { ...NOTHING_ERASED, contactMessages: 1, ...(await deleteTraces(db, [row.email], [id])) };
}

export async function eraseFeedbackResponse(
  db: DB,
  id: string,
): Promise<ErasureCounts | undefined> {
  const row = await db
    .deleteFrom('betaFeedbackResponses')
    .where('id', '=', id)
    .returning('email')
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...NOTHING_ERASED,
    feedbackResponses: 1,
    ...(await deleteTraces(db, [row.email], [id])),
  };
}

/**
 * Everything kept about one address (any case): waitlist entries, contact
 * messages, survey responses, beta participants, their mail, their place in
 * bulk sends and the analytics that name the address or one of those records.
 * The opt-out list keeps only a hash of the address (issue 19), so that later
 * mail still skips it while nobody reading the table learns it.
 */
export async function eraseEverythingOf(db: DB, email: string): Promise<ErasureCounts> {
  const participants = await db
    .deleteFrom('betaParticipants')
    .where(sameAddress(email))
    .returning('id')
    .execute();
  const waitlistEntries = await db
    .deleteFrom('waitlistEntries')
    .where(sameAddress(email))
    .returning('id')
    .execute();
  const contactMessages = await db
    .deleteFrom('contactMessages')
    .where(sameAddress(email))
    .returning('id')
    .execute();
  const feedbackResponses = await db
    .deleteFrom('betaFeedbackResponses')
    .where(sameAddress(email))
    .returning('id')
    .execute();
  // Surveys still in progress (issue 12) whose saved answers give the address: survey
  // responses too, unfinished. Completed ones keep no answers of their own.
  const unfinishedSurveys = await db
    .deleteFrom('betaFeedbackProgress')
    .where(sql<boolean>`lower(answers->>'email') = lower(${email})`)
    .returning('id')
    .execute();
  const ids = [...participants, ...waitlistEntries, ...contactMessages, ...feedbackResponses].map(
    (row) => row.id,
  );
  await forgetInBulkRuns(db, { email, participantIds: participants.map((row) => row.id) });
  await deleteUploadsNaming(db, email);
  await pseudonymiseSuppressions(db, email);
  return {
    waitlistEntries: waitlistEntries.length,
    contactMessages: contactMessages.length,
    feedbackResponses: feedbackResponses.length + unfinishedSurveys.length,
    participants: participants.length,
    ...(await deleteTraces(db, [email], ids)),
  };
}
