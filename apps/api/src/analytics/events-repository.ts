import type { DB } from '@repo/db';
import { storedEventData } from '@repo/validation';

type ValidEvent = Parameters<typeof storedEventData>[0];

/** Stores a batch's valid events, in one insert. */
export async function storeAnalyticsEvents(db: DB, events: readonly ValidEvent[]): Promise<void> {
  await db
    .insertInto('analyticsEvents')
    .values(
      events.map((event) => ({
        type: event.type,
        path: event.path,
        sessionId: event.data.sessionId,
        occurredAt: event.timestamp,
        // form_submit keeps field names and filled flags, never values (issue 8).
        data: JSON.stringify(storedEventData(event)),
      })),
    )
    .execute();
}
