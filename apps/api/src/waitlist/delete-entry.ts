import type { DB } from '@repo/db';
import { type AuditActor, recordAudit } from '../audit/audit-log';
import { type ErasureCounts, eraseWaitlistEntry } from '../erasure/erasure-repository';

/**
 * Deletes a waitlist entry for good (right to erasure, issue 8: the entry, its
 * mail and the analytics naming it) and records it, in the caller's transaction.
 * The single delete and the bulk one (issue 32) both come through here.
 * Undefined when there was no such entry.
 */
export async function deleteWaitlistEntry(
  trx: DB,
  id: string,
  actor: AuditActor,
  details: Record<string, unknown> = {},
): Promise<ErasureCounts | undefined> {
  const counts = await eraseWaitlistEntry(trx, id);
  if (!counts) return undefined;
  await recordAudit(trx, actor, {
    action: 'waitlist.delete',
    targetType: 'waitlist_entry',
    targetId: id,
    details: { deleted: counts, ...details },
  });
  return counts;
}
