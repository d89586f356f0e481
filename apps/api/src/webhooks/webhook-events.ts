import type { DB } from '@repo/db';
import type { WebhookEvent, WebhookPayload } from '@repo/validation';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';

/*
 * The webhook outbox (issue 34). An event is written with the transaction of what
 * caused it, and so are its deliveries: one per enabled endpoint subscribed to the
 * type at that moment (fan-out here, not in the worker, so that an endpoint made a
 * second later never receives an older event and the worker only claims rows).
 * A rollback of the cause takes the event and its deliveries with it.
 */

/** A `webhook-id`: `msg_` and 24 random bytes in base64url (Standard Webhooks' style). */
function newWebhookEventId(): string {
  return `msg_${randomBytes(18).toString('base64url')}`;
}

/** Who an event is about, so that an erasure finds it. */
export interface WebhookSubject {
  emails?: string[];
  ids?: string[];
}

/** A beta participant's event is about the participant and their waitlist entry. */
export const participantSubject = (participant: {
  id: string;
  email: string;
  waitlistEntryId: string | null;
}): WebhookSubject => ({
  emails: [participant.email],
  ids: [participant.id, ...(participant.waitlistEntryId ? [participant.waitlistEntryId] : [])],
});

export interface EmittedEvent {
  id: string;
  deliveries: number;
}

/**
 * Writes one event and its deliveries in `trx` (the cause's transaction).
 * `onlyEndpointId` targets one endpoint whatever it subscribes to ("Send test event").
 */
export async function emitWebhookEvent<T extends WebhookEvent>(
  trx: DB,
  type: T,
  data: WebhookPayload<T>,
  subject: WebhookSubject = {},
  options: { onlyEndpointId?: string; test?: boolean } = {},
): Promise<EmittedEvent> {
  const id = newWebhookEventId();
  await trx
    .insertInto('webhookEvents')
    .values({
      id,
      type,
      payload: JSON.stringify(data),
      subjectEmails: [...new Set((subject.emails ?? []).map((email) => email.toLowerCase()))],
      subjectIds: subject.ids ?? [],
      test: options.test ?? false,
    })
    .execute();
  const targets = options.onlyEndpointId
    ? sql`select ${id}, e.id from webhook_endpoints e where e.id = ${options.onlyEndpointId}`
    : sql`select ${id}, e.id from webhook_endpoints e where e.enabled and ${type} = any(e.events)`;
  const result = await sql`
    insert into webhook_deliveries (event_id, endpoint_id) ${targets}
  `.execute(trx);
  return { id, deliveries: Number(result.numAffectedRows ?? 0) };
}
