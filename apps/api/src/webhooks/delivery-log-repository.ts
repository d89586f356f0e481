import type { DB } from '@repo/db';
import type {
  WebhookDelivery,
  WebhookDeliveryDetail,
  WebhookDeliveryList,
  WebhookDeliveryState,
  WebhookEvent,
} from '@repo/validation';
import { sql } from 'kysely';

/*
 * An endpoint's delivery log (issue 34): newest first, 50 a page, with a cursor
 * (`before`: the last row's time and id), and each delivery's attempts. A row a
 * worker holds ('sending') reads as pending: it is still on its way.
 */

const PAGE_SIZE = 50;

interface DeliveryRow {
  id: string;
  eventId: string;
  type: string;
  state: string;
  attempts: number;
  nextAttemptAt: Date;
  lastStatus: number | null;
  lastDurationMs: number | null;
  createdAt: Date;
}

function toDelivery(row: DeliveryRow): WebhookDelivery {
  const state: WebhookDeliveryState =
    row.state === 'sending' ? 'pending' : (row.state as WebhookDeliveryState);
  return {
    id: row.id,
    eventId: row.eventId,
    event: row.type as WebhookEvent,
    state,
    attempts: row.attempts,
    nextAttemptAt: state === 'pending' ? row.nextAttemptAt.toISOString() : null,
    lastStatus: row.lastStatus,
    lastDurationMs: row.lastDurationMs,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The cursor is the last row's id: the next page starts after that row's
 * (created_at, id), read from the row itself so that no precision is lost.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isDeliveryCursor = (cursor: string) => UUID.test(cursor);

function deliveries(db: DB) {
  return db
    .selectFrom('webhookDeliveries as d')
    .innerJoin('webhookEvents as e', 'e.id', 'd.eventId')
    .select([
      'd.id',
      'd.eventId',
      'e.type',
      'd.state',
      'd.attempts',
      'd.nextAttemptAt',
      'd.lastStatus',
      'd.lastDurationMs',
      'd.createdAt',
    ]);
}

export async function listDeliveries(
  db: DB,
  endpointId: string,
  { state, before }: { state?: WebhookDeliveryState; before?: string },
): Promise<WebhookDeliveryList> {
  let query = deliveries(db).where('d.endpointId', '=', endpointId);
  if (state === 'pending') query = query.where('d.state', 'in', ['pending', 'sending']);
  else if (state) query = query.where('d.state', '=', state);
  if (before) {
    query = query.where(
      sql<boolean>`(d.created_at, d.id) < (select c.created_at, c.id from webhook_deliveries c where c.id = ${before}::uuid)`,
    );
  }
  const rows = await query
    .orderBy('d.createdAt', 'desc')
    .orderBy('d.id', 'desc')
    .limit(PAGE_SIZE + 1)
    .execute();
  const page = rows.slice(0, PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map(toDelivery),
    nextCursor: rows.length > PAGE_SIZE && last ? last.id : null,
  };
}

export async function findDelivery(
  db: DB,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDeliveryDetail | undefined> {
  const row = await deliveries(db)
    .select('e.payload')
    .where('d.endpointId', '=', endpointId)
    .where('d.id', '=', deliveryId)
    .executeTakeFirst();
  if (!row) return undefined;
  const attempts = await db
    .selectFrom('webhookAttempts')
    .select(['attempt', 'at', 'status', 'durationMs', 'response', 'error'])
    .where('deliveryId', '=', deliveryId)
    .orderBy('attempt')
    .orderBy('id')
    .execute();
  return {
    ...toDelivery(row),
    payload:
      row.payload === null
        ? null
        : {
            type: row.type as WebhookEvent,
            timestamp: row.createdAt.toISOString(),
            data: row.payload,
          },
    attemptLog: attempts.map((attempt) => ({ ...attempt, at: attempt.at.toISOString() })),
  };
}

/**
 * Queues a finished delivery again (same event, so the same `webhook-id`): a fresh
 * round of attempts. Undefined when there is no such delivery, or it is still on its
 * way, or its person was erased (nothing left to send).
 */
export async function resendDelivery(
  db: DB,
  endpointId: string,
  deliveryId: string,
): Promise<'queued' | 'not_found' | 'in_flight'> {
  const updated = await db
    .updateTable('webhookDeliveries')
    .set({
      state: 'pending',
      attempts: 0,
      nextAttemptAt: sql<Date>`now()`,
      updatedAt: sql<Date>`now()`,
    })
    .where('id', '=', deliveryId)
    .where('endpointId', '=', endpointId)
    .where('state', 'in', ['succeeded', 'failed'])
    .where('eventId', 'in', (eb) =>
      eb.selectFrom('webhookEvents').select('id').where('payload', 'is not', null),
    )
    .executeTakeFirst();
  if (updated.numUpdatedRows > 0n) return 'queued';
  const exists = await db
    .selectFrom('webhookDeliveries')
    .select('state')
    .where('id', '=', deliveryId)
    .where('endpointId', '=', endpointId)
    .executeTakeFirst();
  return exists ? 'in_flight' : 'not_found';
}

/** Queues again every failed delivery of an endpoint made since `since`; how many. */
export async function resendFailedSince(db: DB, endpointId: string, since: Date): Promise<number> {
  const updated = await db
    .updateTable('webhookDeliveries')
    .set({
      state: 'pending',
      attempts: 0,
      nextAttemptAt: sql<Date>`now()`,
      updatedAt: sql<Date>`now()`,
    })
    .where('endpointId', '=', endpointId)
    .where('state', '=', 'failed')
    .where('createdAt', '>=', since)
    .where('eventId', 'in', (eb) =>
      eb.selectFrom('webhookEvents').select('id').where('payload', 'is not', null),
    )
    .executeTakeFirst();
  return Number(updated.numUpdatedRows);
}

/** The latest payloads of one event type (Zapier's sample data), test events left out. */
export async function recentEnvelopes(db: DB, type: WebhookEvent, limit = 3) {
  const rows = await db
    .selectFrom('webhookEvents')
    .select(['type', 'payload', 'createdAt'])
    .where('type', '=', type)
    .where('test', '=', false)
    .where('payload', 'is not', null)
    .orderBy('createdAt', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    type: row.type as WebhookEvent,
    timestamp: row.createdAt.toISOString(),
    data: row.payload,
  }));
}
