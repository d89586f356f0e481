import type { BetaParticipant } from '@repo/validation';
import type { BulkSkip, DB } from '@repo/db';
import type { EmailTemplateDefinition } from '@repo/email-templates';
import type { BulkDryRunInput } from '@repo/validation';
import { sql } from 'kysely';
import { isUuid } from '../errors';
import { findParticipantsByIds } from '../beta/participants-repository';
import type { Mailer } from '../email/mailer';
import { erasedSuppressionKey } from '../suppressions/suppressions-repository';

/** A dry run can be confirmed for this long; after that the list may have changed. */
const DRY_RUN_TTL_MINUTES = 30;
/** The same template to the same person within this many days is skipped. */
const RECENT_SEND_DAYS = 7;

export interface BulkPlan {
  recipients: BetaParticipant[];
  skipped: BulkSkip[];
}

const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();

/**
 * Who a bulk send reaches and who it skips, and why: unknown ids, participants
 * not active (deactivated, or invited and not yet accepted: beta news is for
 * testers, issue 11), addresses suppressed on the broadcast stream (opt-outs kept
 * apart from bounces and complaints), and anyone sent the same template in the
 * last seven days.
 */
export async function planBulkSend(
  db: DB,
  templateId: string,
  recipientIds: string[],
): Promise<BulkPlan> {
  const requested = [...new Set(recipientIds)];
  const participants = await findParticipantsByIds(db, requested.filter(isUuid));
  const found = new Set(participants.map((participant) => participant.id));
  const skipped: BulkSkip[] = requested
    .filter((id) => !found.has(id))
    .map((id) => ({ id, name: '', email: '', reason: 'not_found' }));
  const emails = participants.map((participant) => participant.email.toLowerCase());
  // A suppression kept from an erasure names the address by its erased key.
  const addressOf = new Map(emails.map((email) => [erasedSuppressionKey(email), email]));
  const [suppressions, recent] = emails.length
    ? await Promise.all([
        db
          .selectFrom('emailSuppressions')
          .select(['email', 'origin'])
          .where('stream', '=', 'broadcast')
          .where('email', 'in', [...emails, ...addressOf.keys()])
          .execute(),
        db
          .selectFrom('emailOutbox')
          .select(sql<string>`lower(to_email)`.as('email'))
          .where('templateId', '=', templateId)
          .where('status', 'not in', ['failed', 'held'])
          .where(sql<boolean>`created_at > now() - make_interval(days => ${RECENT_SEND_DAYS})`)
          .where(sql<boolean>`lower(to_email) in (${sql.join(emails)})`)
          .execute(),
      ])
    : [[], []];
  const suppressed = new Map(
    suppressions.map((row) => [addressOf.get(row.email) ?? row.email, row.origin]),
  );
  const recentlySent = new Set(recent.map((row) => row.email));
  const recipients: BetaParticipant[] = [];
  for (const participant of participants) {
    const email = participant.email.toLowerCase();
    const skip = (reason: BulkSkip['reason']) =>
      skipped.push({ id: participant.id, name: fullName(participant), email, reason });
    const origin = suppressed.get(email);
    if (origin === 'unsubscribe') skip('unsubscribed');
    else if (origin) skip('suppressed');
    else if (participant.status !== 'active') skip('inactive');
    else if (recentlySent.has(email)) skip('recently_sent');
    else recipients.push(participant);
  }
  return { recipients, skipped };
}

/**
 * Erasure: the runs forget the erased participants (their skip entries, with
 * name and address, and their ids among the recipients). Their messages were
 * deleted with the rest of their mail. Returns how many runs changed.
 */
export async function forgetInBulkRuns(
  db: DB,
  { email, participantIds }: { email: string; participantIds: string[] },
): Promise<number> {
  const ids = participantIds.filter(isUuid);
  const names = sql<boolean>`(lower(entry->>'email') = lower(${email}) or entry->>'id' = any(${ids}::text[]))`;
  const result = await db
    .updateTable('bulkSendRuns')
    .set({
      skipped: sql<string>`coalesce((
        select jsonb_agg(entry) from jsonb_array_elements(skipped) as entry where not ${names}
      ), '[]'::jsonb)`,
      recipientIds: sql<string[]>`array(
        select id from unnest(recipient_ids) as id where id <> all(${ids}::uuid[])
      )`,
    })
    .where((eb) =>
      eb.or([
        sql<boolean>`exists (select 1 from jsonb_array_elements(skipped) as entry where ${names})`,
        sql<boolean>`recipient_ids && ${ids}::uuid[]`,
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function createDryRun(
  db: DB,
  input: BulkDryRunInput,
  plan: BulkPlan,
  createdBy: string | null,
): Promise<{ id: string; expiresAt: Date }> {
  return db
    .insertInto('bulkSendRuns')
    .values({
      templateId: input.templateId,
      content: JSON.stringify(input.content ?? {}),
      recipientIds: plan.recipients.map((recipient) => recipient.id),
      skipped: JSON.stringify(plan.skipped),
      sendAt: input.sendAt ? new Date(input.sendAt) : null,
      createdBy,
      expiresAt: sql<Date>`now() + make_interval(mins => ${DRY_RUN_TTL_MINUTES})`,
    })
    .returning(['id', 'expiresAt'])
    .executeTakeFirstOrThrow();
}

export type ConfirmResult =
  | { kind: 'sent'; queued: number; skipped: number; sendAt: Date | null; templateId: string }
  | { kind: 'not_found' | 'already_confirmed' | 'expired' };

/**
 * Sends a dry run's list, once: the run is claimed in the transaction that
 * queues its mail, so a double click or a replay finds it confirmed.
 */
export async function confirmDryRun(
  db: DB,
  mailer: Mailer,
  template: (id: string) => EmailTemplateDefinition | undefined,
  runId: string,
  onQueued: (
    trx: DB,
    summary: { templateId: string; queued: number; skipped: number },
  ) => Promise<void>,
): Promise<ConfirmResult> {
  return db.transaction().execute(async (trx) => {
    const run = await trx
      .updateTable('bulkSendRuns')
      .set({ confirmedAt: sql<Date>`now()` })
      .where('id', '=', runId)
      .where('confirmedAt', 'is', null)
      .where('expiresAt', '>', sql<Date>`now()`)
      .returningAll()
      .executeTakeFirst();
    if (!run) {
      const existing = await trx
        .selectFrom('bulkSendRuns')
        .select(['confirmedAt'])
        .where('id', '=', runId)
        .executeTakeFirst();
      if (!existing) return { kind: 'not_found' };
      return { kind: existing.confirmedAt ? 'already_confirmed' : 'expired' };
    }
    const definition = template(run.templateId);
    if (!definition) return { kind: 'not_found' };
    const participants = await findParticipantsByIds(trx, run.recipientIds);
    const emails = await Promise.all(
      participants.map(async (participant) => ({
        ...(await mailer.prepare({
          template: definition,
          to: participant.email,
          data: {
            ...run.content,
            firstName: participant.firstName,
            lastName: participant.lastName,
            email: participant.email,
          },
          stream: 'broadcast',
        })),
        bulkSendId: run.id,
        notBefore: run.sendAt ?? undefined,
      })),
    );
    await mailer.queue(trx, emails);
    const skipped = run.skipped.length + (run.recipientIds.length - participants.length);
    await onQueued(trx, { templateId: run.templateId, queued: emails.length, skipped });
    return {
      kind: 'sent',
      queued: emails.length,
      skipped,
      sendAt: run.sendAt,
      templateId: run.templateId,
    };
  });
}

export interface BulkSendResult {
  id: string;
  templateId: string;
  createdAt: string;
  confirmedAt: string | null;
  sendAt: string | null;
  skipped: BulkSkip[];
  recipients: {
    email: string;
    outboxId: string;
    status: string;
    deliveryState: string | null;
    lastError: string | null;
    deliveryDetail: string | null;
  }[];
}

/** A send's per-recipient results: each message's state, kept with the run. */
export async function findBulkSend(db: DB, id: string): Promise<BulkSendResult | undefined> {
  const run = await db
    .selectFrom('bulkSendRuns')
    .select(['id', 'templateId', 'createdAt', 'confirmedAt', 'sendAt', 'skipped'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!run) return undefined;
  const messages = await db
    .selectFrom('emailOutbox')
    .select(['id', 'toEmail', 'status', 'deliveryState', 'lastError', 'deliveryDetail'])
    .where('bulkSendId', '=', id)
    .orderBy('toEmail')
    .execute();
  return {
    id: run.id,
    templateId: run.templateId,
    createdAt: run.createdAt.toISOString(),
    confirmedAt: run.confirmedAt?.toISOString() ?? null,
    sendAt: run.sendAt?.toISOString() ?? null,
    skipped: run.skipped,
    recipients: messages.map((message) => ({
      email: message.toEmail,
      outboxId: message.id,
      status: message.status,
      deliveryState: message.deliveryState,
      lastError: message.lastError,
      deliveryDetail: message.deliveryDetail,
    })),
  };
}
