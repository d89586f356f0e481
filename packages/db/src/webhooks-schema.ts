import type { ColumnType, Generated, GeneratedAlways, Selectable } from 'kysely';
import type { WebhookEndpointKind, WebhookEndpointSource } from '@repo/validation';

/*
 * The outgoing webhook tables (migration 029, issue 34), beside the main schema so
 * that one file does not hold every table.
 */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface WebhookEndpointsTable {
  id: Generated<string>;
  kind: Generated<WebhookEndpointKind>;
  source: Generated<WebhookEndpointSource>;
  url: string;
  description: Generated<string>;
  events: string[];
  enabled: Generated<boolean>;
  /** Why the API disabled it ('410 Gone', 'failing for 3 days'); null otherwise. */
  disabledReason: string | null;
  /** `whsec_…`, kept whole: every delivery is signed with it. */
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  failingSince: Date | null;
  lastDeliveryAt: Date | null;
  createdByUserId: string | null;
  createdByApiKeyId: string | null;
  createdAt: CreatedAt;
  updatedAt: Generated<Date>;
}

/** The outbox of events: written in the transaction of what caused each. */
export interface WebhookEventsTable {
  /** `msg_…`: the `webhook-id` header, stable across attempts and resends. */
  id: string;
  type: string;
  /** The event's `data`; null once the person it was about was erased. */
  payload: ColumnType<unknown, string | null, string | null>;
  /** Lower-case addresses of the people the event is about, for erasure; emptied with it. */
  subjectEmails: Generated<string[]>;
  /** Ids of the records the event is about (entry, participant, message…), for erasure. */
  subjectIds: Generated<string[]>;
  /** A "Send test event" event: never a sample for Zapier. */
  test: Generated<boolean>;
  createdAt: CreatedAt;
}

/** 'sending' while a worker holds it under lease (shown as pending). */
export type WebhookDeliveryRowState = 'pending' | 'sending' | 'succeeded' | 'failed';

export interface WebhookDeliveriesTable {
  id: Generated<string>;
  eventId: string;
  endpointId: string;
  state: Generated<WebhookDeliveryRowState>;
  attempts: Generated<number>;
  nextAttemptAt: Timestamp;
  lockedUntil: Date | null;
  leaseToken: string | null;
  lastStatus: number | null;
  lastDurationMs: number | null;
  lastError: string | null;
  createdAt: CreatedAt;
  updatedAt: Generated<Date>;
}

export interface WebhookAttemptsTable {
  id: GeneratedAlways<string>;
  deliveryId: string;
  attempt: number;
  at: Timestamp;
  status: number | null;
  durationMs: number;
  /** The first 2 KB of the answer's body. */
  response: string | null;
  error: string | null;
}

export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
