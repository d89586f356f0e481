import type { OutboxMessage, OutboxMessageDetail, Page } from '@repo/validation';
import type {
  Database,
  DB,
  EmailHeader,
  EmailOutboxRow,
  EmailStatus,
  EmailStream,
  EmailTemplateInput,
} from '@repo/db';
import type { OutboxListQuery } from '@repo/validation';
import { type EmailTemplateData, findEmailTemplate } from '@repo/email-templates';
import { sql, type UpdateObject } from 'kysely';
import { onePage } from '../paginate';
import { redactSecrets, redactTemplateData, sealSecrets } from '../email/link-secrets';

/**
 * A message ready to be written to the outbox: rendered, or (bodies null) with
 * the template data the worker renders it from.
 */
export interface PreparedEmail {
  stream: EmailStream;
  templateId: string;
  to: string;
  subject: string;
  htmlBody: string | null;
  textBody: string | null;
  templateData?: EmailTemplateData | null;
  headers: EmailHeader[];
  /** Part of a confirmed bulk send. */
  bulkSendId?: string;
  /** Scheduled: not sent before this time. */
  notBefore?: Date;
  /**
   * Single-use tokens in the mail's links (raw). The outbox stores placeholders
   * in their place and the tokens sealed until the message is sent (link-secrets.ts).
   */
  linkSecrets?: string[];
}

/** A message rendered in advance. */
export type RenderedEmail = PreparedEmail & { htmlBody: string; textBody: string };

/**
 * Writes messages to the outbox; call it with the transaction of the change that
 * caused them, so the change and its mail commit (or roll back) together.
 * Captured messages never leave the machine (no Postmark token configured).
 * A message's link secrets are stored only sealed with `linkKey`: its bodies,
 * template data, subject and headers keep placeholders.
 */
export async function insertOutboxMessages(
  db: DB,
  emails: PreparedEmail[],
  status: Extract<EmailStatus, 'queued' | 'captured'>,
  linkKey: Buffer,
): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .insertInto('emailOutbox')
    .values(
      emails.map((email) => {
        const secrets = (email.linkSecrets ?? []).filter(Boolean);
        const redact = (text: string) => redactSecrets(text, secrets);
        const templateData =
          email.htmlBody === null ? redactTemplateData(email.templateData ?? {}, secrets) : null;
        return {
          stream: email.stream,
          templateId: email.templateId,
          toEmail: email.to,
          subject: redact(email.subject),
          htmlBody: email.htmlBody === null ? null : redact(email.htmlBody),
          textBody: email.textBody === null ? null : redact(email.textBody),
          templateData: templateData === null ? null : JSON.stringify(templateData),
          headers: redact(JSON.stringify(email.headers)),
          status,
          bulkSendId: email.bulkSendId ?? null,
          nextAttemptAt: email.notBefore ?? sql<Date>`now()`,
          linkSecrets: secrets.length > 0 ? sealSecrets(linkKey, secrets) : null,
        };
      }),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** The database clock as text (microseconds intact), so comparisons stay on one clock. */
export type DatabaseTime = string & { readonly __brand: 'DatabaseTime' };

export async function databaseNow(db: DB): Promise<DatabaseTime> {
  const result = await sql<{ now: DatabaseTime }>`select now()::text as now`.execute(db);
  return result.rows[0]!.now;
}

/** A row a worker holds under lease; `leaseToken` guards every later update. */
export type ClaimedMessage = EmailOutboxRow & { leaseToken: string };

/**
 * Claims up to `limit` due messages. `for update skip locked` lets several
 * workers (or API instances) drain the outbox without ever taking the same row.
 * A row left in 'sending' after its lease ran out belongs to a worker that died
 * mid-attempt; it is taken over and flagged uncertain, since that attempt may
 * have reached the provider.
 */
export async function claimDueMessages(
  db: DB,
  { limit, leaseMs, dueBy }: { limit: number; leaseMs: number; dueBy: DatabaseTime },
): Promise<ClaimedMessage[]> {
  const result = await sql<ClaimedMessage>`
    update email_outbox as o
    set status = 'sending',
        attempts = o.attempts + 1,
        locked_until = now() + make_interval(secs => ${leaseMs / 1000}),
        lease_token = gen_random_uuid(),
        delivery_uncertain = o.delivery_uncertain or o.status = 'sending'
    from (
      select id from email_outbox
      where status in ('queued', 'sending')
        and next_attempt_at <= ${dueBy}::timestamptz
        and (status = 'queued' or locked_until < now())
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    ) as due
    where o.id = due.id
    returning o.*
  `.execute(db);
  return result.rows;
}

/**
 * Writes `changes` and ends the lease, only while this worker still holds the row:
 * false when the lease was lost to another worker.
 */
async function endClaim(
  db: DB,
  claim: ClaimedMessage,
  changes: UpdateObject<Database, 'emailOutbox'>,
): Promise<boolean> {
  const result = await db
    .updateTable('emailOutbox')
    .set({ ...changes, lockedUntil: null, leaseToken: null })
    .where((eb) =>
      eb.and([
        eb('id', '=', claim.id),
        eb('leaseToken', '=', claim.leaseToken),
        eb('status', '=', 'sending'),
      ]),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Each returns false when the lease was lost to another worker. */
export async function markSent(
  db: DB,
  claim: ClaimedMessage,
  providerMessageId: string,
): Promise<boolean> {
  return endClaim(db, claim, {
    status: 'sent',
    // The tokens went out with the mail; the outbox keeps none.
    linkSecrets: null,
    providerMessageId,
    sentAt: sql<Date>`now()`,
    lastError: null,
    deliveryUncertain: false,
  });
}

export async function scheduleRetry(
  db: DB,
  claim: ClaimedMessage,
  { delayMs, reason, uncertain }: { delayMs: number; reason: string; uncertain: boolean },
): Promise<boolean> {
  return endClaim(db, claim, {
    status: 'queued',
    nextAttemptAt: sql<Date>`now() + make_interval(secs => ${delayMs / 1000})`,
    lastError: reason,
    deliveryUncertain: uncertain,
  });
}

/** A message to a suppressed address: kept, not sent, with the reason shown. */
export async function markHeld(db: DB, claim: ClaimedMessage, reason: string): Promise<boolean> {
  return endClaim(db, claim, {
    status: 'held',
    lastError: reason,
    deliveryUncertain: false,
  });
}

export async function markFailed(
  db: DB,
  claim: ClaimedMessage,
  { reason, uncertain }: { reason: string; uncertain: boolean },
): Promise<boolean> {
  return endClaim(db, claim, {
    status: 'failed',
    lastError: reason,
    deliveryUncertain: uncertain,
  });
}

const summaryColumns = [
  'id',
  'templateId',
  'toEmail',
  'subject',
  'stream',
  'status',
  'attempts',
  'lastError',
  'createdAt',
  'sentAt',
  'nextAttemptAt',
  'deliveryState',
  'deliveryDetail',
  'deliveryEventAt',
] as const;

type SummaryRow = Pick<EmailOutboxRow, (typeof summaryColumns)[number]>;

function toOutboxMessage(row: SummaryRow): OutboxMessage {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    deliveryEventAt: row.deliveryEventAt?.toISOString() ?? null,
  };
}

/** Newest first, optionally one status. */
export async function listOutboxMessages(
  db: DB,
  { page, pageSize, status }: OutboxListQuery,
): Promise<Page<OutboxMessage>> {
  let query = db.selectFrom('emailOutbox');
  if (status) query = query.where('status', '=', status);
  const [rows, count] = await Promise.all([
    query
      .select(summaryColumns)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .$call(onePage({ page, pageSize }))
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toOutboxMessage), total: Number(count.count), page, pageSize };
}

export async function findOutboxMessage(
  db: DB,
  id: string,
): Promise<OutboxMessageDetail | undefined> {
  const row = await db
    .selectFrom('emailOutbox')
    .select([...summaryColumns, 'htmlBody', 'textBody', 'templateData'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  // Not rendered yet (a signup's mail waits for the worker): render it now and keep it.
  const body =
    row.htmlBody !== null && row.textBody !== null
      ? { htmlBody: row.htmlBody, textBody: row.textBody }
      : await renderAndStore(db, {
          id,
          templateId: row.templateId,
          templateData: row.templateData,
        });
  const events = await db
    .selectFrom('emailEvents')
    .select(['recordType', 'occurredAt', 'detail'])
    .where('outboxId', '=', id)
    .orderBy('occurredAt')
    .execute();
  return {
    ...toOutboxMessage(row),
    ...body,
    events: events.map((event) => ({ ...event, occurredAt: event.occurredAt.toISOString() })),
  };
}

export interface RenderedBody {
  htmlBody: string;
  textBody: string;
}

/** Renders a deferred message from its template data. Throws for an unknown template. */
export async function renderStored(row: {
  templateId: string;
  templateData: EmailTemplateInput | null;
}): Promise<RenderedBody> {
  const template = findEmailTemplate(row.templateId);
  if (!template) throw new Error(`unknown email template ${row.templateId}`);
  const { html, text } = await template.render(row.templateData ?? {});
  return { htmlBody: html, textBody: text };
}

/**
 * Renders a deferred message and stores its bodies. Rendering is pure, so two
 * renderers racing store the same text: the update only fills empty bodies.
 */
async function renderAndStore(
  db: DB,
  row: { id: string; templateId: string; templateData: EmailTemplateInput | null },
): Promise<RenderedBody> {
  const body = await renderStored(row);
  await storeRendered(db, row.id, body);
  return body;
}

export async function storeRendered(db: DB, id: string, body: RenderedBody): Promise<void> {
  await db
    .updateTable('emailOutbox')
    .set({ ...body, templateData: null })
    .where('id', '=', id)
    .where('htmlBody', 'is', null)
    .execute();
}

/**
 * Renders up to `limit` deferred messages, oldest first (captured mail has no
 * worker to do it before sending; the console reads the bodies). Returns how many.
 */
export async function renderPendingMessages(db: DB, limit = 50): Promise<number> {
  const rows = await db
    .selectFrom('emailOutbox')
    .select(['id', 'templateId', 'templateData'])
    .where('htmlBody', 'is', null)
    .orderBy('createdAt')
    .limit(limit)
    .execute();
  for (const row of rows) await renderAndStore(db, row);
  return rows.length;
}

/**
 * Puts a failed message back in the queue for a fresh round of attempts.
 * Returns undefined when the message does not exist or has not failed.
 */
export async function requeueFailedMessage(db: DB, id: string): Promise<OutboxMessage | undefined> {
  const row = await db
    .updateTable('emailOutbox')
    .set({ status: 'queued', attempts: 0, nextAttemptAt: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .returning(summaryColumns)
    .executeTakeFirst();
  return row ? toOutboxMessage(row) : undefined;
}

export interface OutboxCounts {
  /** Messages by status; the statuses that are waiting or stuck are always present. */
  byStatus: Record<'queued' | 'sending' | 'failed' | 'held', number>;
  /** Seconds since the oldest message still queued was written; 0 when none is. */
  oldestQueuedAgeSeconds: number;
}

/** What the metrics show of the outbox (issue 21): one pass over the unfinished messages. */
export async function outboxCounts(db: DB): Promise<OutboxCounts> {
  const rows = await db
    .selectFrom('emailOutbox')
    .select((eb) => [
      'status',
      eb.fn.countAll<number>().as('count'),
      sql<number>`coalesce(extract(epoch from now() - min(created_at)), 0)`.as('ageSeconds'),
    ])
    .where('status', 'in', ['queued', 'sending', 'failed', 'held'])
    .groupBy('status')
    .execute();
  const byStatus = { queued: 0, sending: 0, failed: 0, held: 0 };
  let oldestQueuedAgeSeconds = 0;
  for (const row of rows) {
    byStatus[row.status as keyof typeof byStatus] = Number(row.count);
    if (row.status === 'queued') oldestQueuedAgeSeconds = Math.max(0, Number(row.ageSeconds));
  }
  return { byStatus, oldestQueuedAgeSeconds };
}
