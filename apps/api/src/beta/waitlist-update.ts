import type { DB } from '@repo/db';
import { findEmailTemplate } from '@repo/email-templates';
import { type AuditActor, recordAudit } from '../audit/audit-log';
import type { Mailer } from '../email/mailer';
import type { RenderedEmail } from '../email-outbox/outbox-repository';

const waitlistUpdateTemplate = findEmailTemplate('waitlist-update')!;

/** The 'Hang Tight' update of a waitlist entry, rendered (outside any transaction). */
export function prepareWaitlistUpdate(
  mailer: Mailer,
  entry: { email: string; firstName: string; lastName: string; companyName?: string | null },
): Promise<RenderedEmail> {
  return mailer.prepare({
    template: waitlistUpdateTemplate,
    to: entry.email,
    data: {
      firstName: entry.firstName,
      lastName: entry.lastName,
      companyName: entry.companyName ?? undefined,
    },
    stream: 'outbound',
  });
}

/**
 * Queues a prepared update and records it, in the caller's transaction: the one
 * path of the single action and the bulk one (issue 32).
 */
export async function sendWaitlistUpdate(
  trx: DB,
  mailer: Mailer,
  entryId: string,
  update: RenderedEmail,
  actor: AuditActor,
  details: Record<string, unknown> = {},
): Promise<string | undefined> {
  const [queued] = await mailer.queue(trx, [update]);
  await recordAudit(trx, actor, {
    action: 'waitlist.email',
    targetType: 'waitlist_entry',
    targetId: entryId,
    details: { template: waitlistUpdateTemplate.id, messageId: queued, ...details },
  });
  return queued;
}
