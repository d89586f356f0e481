import type { DB, WebhookEndpointRow } from '@repo/db';
import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_SECRET_OVERLAP_MS,
  type WebhookEndpoint,
  type WebhookEndpointCreate,
  type WebhookEndpointSource,
  type WebhookEvent,
} from '@repo/validation';
import { sql } from 'kysely';
import { secretHint } from './signing';

export function toWebhookEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    kind: row.kind,
    source: row.source,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEvent[],
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    secretHint: secretHint(row.secret),
    previousSecretExpiresAt:
      row.previousSecretExpiresAt && row.previousSecretExpiresAt > new Date()
        ? row.previousSecretExpiresAt.toISOString()
        : null,
    failingSince: row.failingSince?.toISOString() ?? null,
    lastDeliveryAt: row.lastDeliveryAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listWebhookEndpoints(db: DB): Promise<WebhookEndpointRow[]> {
  return db
    .selectFrom('webhookEndpoints')
    .selectAll()
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .execute();
}

export async function findWebhookEndpoint(
  db: DB,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<WebhookEndpointRow | undefined> {
  let query = db.selectFrom('webhookEndpoints').selectAll().where('id', '=', id);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/**
 * Adds an endpoint unless WEBHOOK_ENDPOINTS_MAX are kept already ('limit'). The count
 * is taken under a transaction-scoped advisory lock, so two creations at once
 * cannot both pass it. Call it in a transaction.
 */
export async function insertWebhookEndpoint(
  trx: DB,
  endpoint: WebhookEndpointCreate & { source: WebhookEndpointSource; secret: string },
  createdBy: { userId: string | null; apiKeyId: string | null },
): Promise<WebhookEndpointRow | 'limit'> {
  await sql`select pg_advisory_xact_lock(hashtext('wordloom:webhook-endpoints'))`.execute(trx);
  const { count } = await trx
    .selectFrom('webhookEndpoints')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  if (Number(count) >= WEBHOOK_ENDPOINTS_MAX) return 'limit';
  return trx
    .insertInto('webhookEndpoints')
    .values({
      kind: endpoint.kind,
      source: endpoint.source,
      url: endpoint.url,
      description: endpoint.description,
      events: endpoint.events,
      enabled: endpoint.enabled,
      secret: endpoint.secret,
      createdByUserId: createdBy.userId,
      createdByApiKeyId: createdBy.apiKeyId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateWebhookEndpoint(
  db: DB,
  id: string,
  changes: Partial<Pick<WebhookEndpointRow, 'url' | 'description' | 'events' | 'enabled'>>,
): Promise<WebhookEndpointRow | undefined> {
  return db
    .updateTable('webhookEndpoints')
    .set({
      ...changes,
      // Enabled by hand: the API's reason and the failure run no longer apply.
      ...(changes.enabled === true ? { disabledReason: null, failingSince: null } : {}),
      ...(changes.enabled === false ? { disabledReason: null } : {}),
      updatedAt: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes an endpoint with its deliveries and their log; the deleted row, or undefined. */
export async function deleteWebhookEndpoint(
  db: DB,
  id: string,
  source?: WebhookEndpointSource,
): Promise<WebhookEndpointRow | undefined> {
  let query = db.deleteFrom('webhookEndpoints').where('id', '=', id);
  if (source) query = query.where('source', '=', source);
  return query.returningAll().executeTakeFirst();
}

/** A new secret; the current one keeps signing beside it for 24 hours. */
export async function rotateWebhookSecret(
  db: DB,
  id: string,
  secret: string,
): Promise<WebhookEndpointRow | undefined> {
  return db
    .updateTable('webhookEndpoints')
    .set({
      previousSecret: sql<string>`secret`,
      previousSecretExpiresAt: sql<Date>`now() + make_interval(secs => ${WEBHOOK_SECRET_OVERLAP_MS / 1000})`,
      secret,
      updatedAt: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}
