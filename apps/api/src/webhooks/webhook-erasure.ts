import type { DB } from '@repo/db';
import { sql } from 'kysely';

/**
 * Erasure (issue 34): the events about these addresses or record ids lose their
 * payloads (the event row stays, ids only, so the delivery log still reads), the
 * deliveries not yet made stop (there is nothing left to send), and the delivery
 * log drops the answers it kept, which may echo what was sent. Runs in the
 * erasure's transaction. Returns how many events were cleared.
 */
export async function forgetWebhookEventsOf(
  db: DB,
  { emails, ids }: { emails: string[]; ids: string[] },
): Promise<number> {
  const addresses = [...new Set(emails.map((email) => email.toLowerCase()))];
  if (addresses.length === 0 && ids.length === 0) return 0;
  const events = await db
    .updateTable('webhookEvents')
    .set({ payload: null, subjectEmails: [], subjectIds: [] })
    .where((eb) =>
      eb.or([
        sql<boolean>`subject_emails && ${addresses}::text[]`,
        sql<boolean>`subject_ids && ${ids}::text[]`,
      ]),
    )
    .returning('id')
    .execute();
  if (events.length === 0) return 0;
  const eventIds = events.map((event) => event.id);
  await db
    .updateTable('webhookAttempts')
    .set({ response: null })
    .where('deliveryId', 'in', (eb) =>
      eb.selectFrom('webhookDeliveries').select('id').where('eventId', 'in', eventIds),
    )
    .execute();
  await db
    .updateTable('webhookDeliveries')
    .set({
      state: 'failed',
      lastError: 'Not sent: the person it was about was erased',
      lockedUntil: null,
      leaseToken: null,
      updatedAt: sql<Date>`now()`,
    })
    .where('eventId', 'in', eventIds)
    .where('state', 'in', ['pending', 'sending'])
    .execute();
  return events.length;
}
