import type { DB, DeliveryState, EmailStream, SuppressionOrigin } from '@repo/db';
import { sql } from 'kysely';
import { z } from 'zod';
import { isUuid } from '../errors';
import { suppressEmail, unsuppressEmail } from '../suppressions/suppressions-repository';

/*
 * Postmark's webhooks (https://postmarkapp.com/developer/webhooks/webhooks-overview):
 * Delivery, Bounce, SpamComplaint and SubscriptionChange. Postmark retries a
 * webhook that did not get a 2xx and does not promise order, so each event is
 * stored once (its dedupe key), a message's state only moves to a worse one
 * (delivered < bounced < complained), and a reactivation older than the
 * suppression it would lift changes nothing.
 */

const text = z.string().max(10_000);
const timestamp = z.iso.datetime({ offset: true });
const metadata = z.record(z.string(), z.unknown()).optional();

const deliverySchema = z.object({
  RecordType: z.literal('Delivery'),
  MessageID: text,
  MessageStream: text.optional(),
  Recipient: text,
  DeliveredAt: timestamp,
  Details: text.optional(),
  Metadata: metadata,
});

const bounceFields = {
  ID: z.union([z.number().int(), text]),
  Type: text.optional(),
  MessageID: text.optional(),
  MessageStream: text.optional(),
  Description: text.optional(),
  Details: text.optional(),
  Email: text,
  BouncedAt: timestamp,
  Inactive: z.boolean().optional(),
  Metadata: metadata,
};

const bounceSchema = z.object({ RecordType: z.literal('Bounce'), ...bounceFields });
const spamComplaintSchema = z.object({ RecordType: z.literal('SpamComplaint'), ...bounceFields });

const subscriptionChangeSchema = z.object({
  RecordType: z.literal('SubscriptionChange'),
  MessageID: text.optional(),
  MessageStream: text.optional(),
  Recipient: text,
  ChangedAt: timestamp,
  SuppressSending: z.boolean(),
  SuppressionReason: text.nullish(),
  Origin: text.optional(),
  Metadata: metadata,
});

export const postmarkEventSchema = z.discriminatedUnion('RecordType', [
  deliverySchema,
  bounceSchema,
  spamComplaintSchema,
  subscriptionChangeSchema,
]);

export type PostmarkEvent = z.infer<typeof postmarkEventSchema>;

/** The record types this endpoint keeps; anything else (Open, Click) is acknowledged and dropped. */
export const HANDLED_RECORD_TYPES = new Set([
  'Delivery',
  'Bounce',
  'SpamComplaint',
  'SubscriptionChange',
]);

/** Bounce types after which Postmark stops sending to the address (and so do we). */
const PERMANENT_BOUNCES = new Set([
  'HardBounce',
  'BadEmailAddress',
  'ManuallyDeactivated',
  'Unsubscribe',
  'SpamNotification',
  'Blocked',
]);

const STATE_RANK: Record<DeliveryState, number> = { delivered: 1, bounced: 2, complained: 3 };

export interface StreamNames {
  outbound: string;
  broadcast: string;
}

export interface RecordOutcome {
  duplicate: boolean;
  outboxId: string | null;
  state: DeliveryState | null;
  suppressed: boolean;
  unsuppressed: boolean;
}

function facts(event: PostmarkEvent) {
  switch (event.RecordType) {
    case 'Delivery':
      return {
        dedupeKey: `Delivery:${event.MessageID}:${event.Recipient.toLowerCase()}`,
        messageId: event.MessageID,
        email: event.Recipient,
        occurredAt: event.DeliveredAt,
        detail: event.Details ?? null,
        state: 'delivered' as DeliveryState,
      };
    case 'Bounce':
    case 'SpamComplaint':
      return {
        dedupeKey: `${event.RecordType}:${event.ID}`,
        messageId: event.MessageID ?? null,
        email: event.Email,
        occurredAt: event.BouncedAt,
        detail: [event.Description, event.Details].filter(Boolean).join(' ') || null,
        state: (event.RecordType === 'Bounce' ? 'bounced' : 'complained') as DeliveryState,
      };
    case 'SubscriptionChange':
      return {
        dedupeKey: `SubscriptionChange:${event.MessageID ?? ''}:${event.Recipient.toLowerCase()}:${event.ChangedAt}:${event.SuppressSending}`,
        messageId: event.MessageID ?? null,
        email: event.Recipient,
        occurredAt: event.ChangedAt,
        detail: event.SuppressionReason ?? null,
        state: null,
      };
  }
}

/** What the event means for future sends: suppress, lift, or nothing. */
function suppressionOf(
  event: PostmarkEvent,
): { action: 'suppress'; origin: SuppressionOrigin; reason: string } | { action: 'lift' } | null {
  switch (event.RecordType) {
    case 'Bounce':
      return event.Inactive === true || PERMANENT_BOUNCES.has(event.Type ?? '')
        ? {
            action: 'suppress',
            origin: 'hard_bounce',
            reason: `Bounced (${event.Type ?? 'bounce'})`,
          }
        : null;
    case 'SpamComplaint':
      return { action: 'suppress', origin: 'spam_complaint', reason: 'Marked as spam' };
    case 'SubscriptionChange':
      if (!event.SuppressSending) return { action: 'lift' };
      if (event.SuppressionReason === 'HardBounce') {
        return { action: 'suppress', origin: 'hard_bounce', reason: 'Bounced (HardBounce)' };
      }
      if (event.SuppressionReason === 'SpamComplaint') {
        return { action: 'suppress', origin: 'spam_complaint', reason: 'Marked as spam' };
      }
      return { action: 'suppress', origin: 'postmark', reason: 'Suppressed in Postmark' };
    case 'Delivery':
      return null;
  }
}

export async function recordPostmarkEvent(
  db: DB,
  event: PostmarkEvent,
  streams: StreamNames,
): Promise<RecordOutcome> {
  const fact = facts(event);
  return db.transaction().execute(async (trx) => {
    // The outbox id travels as metadata on everything we send; Postmark's id is the fallback.
    const metaId = event.Metadata?.outbox_id;
    const byId = typeof metaId === 'string' && isUuid(metaId) ? metaId : undefined;
    const message = await trx
      .selectFrom('emailOutbox')
      .select(['id', 'stream'])
      .where((eb) =>
        byId
          ? eb('id', '=', byId)
          : fact.messageId
            ? eb('providerMessageId', '=', fact.messageId)
            : eb.val(false),
      )
      .executeTakeFirst();
    const stream: EmailStream =
      event.MessageStream === streams.broadcast
        ? 'broadcast'
        : event.MessageStream === streams.outbound
          ? 'outbound'
          : (message?.stream ?? 'outbound');

    const inserted = await trx
      .insertInto('emailEvents')
      .values({
        dedupeKey: fact.dedupeKey,
        outboxId: message?.id ?? null,
        providerMessageId: fact.messageId,
        recordType: event.RecordType,
        email: fact.email.toLowerCase(),
        stream,
        occurredAt: new Date(fact.occurredAt),
        detail: fact.detail,
        payload: JSON.stringify(event),
      })
      .onConflict((conflict) => conflict.column('dedupeKey').doNothing())
      .returning('id')
      .executeTakeFirst();
    const outcome: RecordOutcome = {
      duplicate: !inserted,
      outboxId: message?.id ?? null,
      state: null,
      suppressed: false,
      unsuppressed: false,
    };
    if (!inserted) return outcome;

    if (message && fact.state) {
      const rank = STATE_RANK[fact.state];
      const updated = await trx
        .updateTable('emailOutbox')
        .set({
          deliveryState: fact.state,
          deliveryDetail: fact.detail,
          deliveryEventAt: new Date(fact.occurredAt),
        })
        .where('id', '=', message.id)
        .where((eb) =>
          eb.or([
            eb('deliveryState', 'is', null),
            eb(
              sql<number>`case delivery_state when 'delivered' then 1 when 'bounced' then 2 else 3 end`,
              '<',
              rank,
            ),
          ]),
        )
        .returning('deliveryState')
        .executeTakeFirst();
      outcome.state = updated?.deliveryState ?? null;
    }

    const suppression = suppressionOf(event);
    if (suppression?.action === 'suppress') {
      outcome.suppressed = await suppressEmail(trx, fact.email, {
        stream,
        reason: suppression.reason,
        origin: suppression.origin,
        detail: fact.detail,
        at: new Date(fact.occurredAt),
      });
    } else if (suppression?.action === 'lift') {
      outcome.unsuppressed = await unsuppressEmail(trx, fact.email, stream, {
        notAfter: new Date(fact.occurredAt),
      });
    }
    return outcome;
  });
}
