import type { DB } from '@repo/db';
import { BETA_CAP } from '@repo/validation';
import { systemActor } from '../audit/audit-log';
import type { Config } from '../config';
import type { Mailer } from '../email/mailer';
import { readAutoFill } from '../settings/app-settings-repository';
import { nextInQueue } from '../waitlist/waitlist-repository';
import { checkSeat, invitationExpiry, inviteToBeta, prepareInvitation } from './invitations';
import { countSeatsHeld } from './participants-repository';

/** Who the audit log names for seats filled by the switch. */
const AUTO_FILL_ACTOR = systemActor('auto-fill');

export interface SeatServices {
  mailer: Mailer;
  config: Config;
}

/** The entries among `ids` whose last invitation lapsed unaccepted. */
async function entriesWithLapsedInvitation(db: DB, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('waitlistEntries')
    .select('id')
    .where('id', 'in', ids)
    .where('invitationExpiredAt', 'is not', null)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * Auto-fill (issue 11): with the console's switch on, invites the next confirmed
 * people in queue order into the free seats, through the approval's own path
 * (`inviteToBeta`: participant invited, invitation queued in this transaction).
 * The caller holds the cap lock in `trx`, the lock that guards approvals, so a
 * racing approval and the fill cannot both take the last seat.
 *
 * Someone whose invitation lapsed is back in the queue for staff to approve by
 * hand, but the switch passes over them: otherwise the person at the front who
 * never answers would be invited again every time their invitation lapsed.
 * Returns how many were invited.
 */
export async function fillFreeSeats(trx: DB, { mailer, config }: SeatServices): Promise<number> {
  if (!(await readAutoFill(trx)).enabled) return 0;
  const free = BETA_CAP - (await countSeatsHeld(trx));
  let invited = 0;
  const passedOver = new Set<string>();
  while (invited < free) {
    // Invited people leave the queue; passed-over ones stay at its front.
    const wanted = free - invited + passedOver.size;
    const candidates = await nextInQueue(trx, wanted);
    const fresh = candidates.filter((entry) => !passedOver.has(entry.id));
    if (fresh.length === 0) break;
    const lapsed = await entriesWithLapsedInvitation(
      trx,
      fresh.map((entry) => entry.id),
    );
    for (const entry of fresh) {
      if (invited >= free) break;
      if (lapsed.has(entry.id) || (await checkSeat(trx, entry)) === 'held') {
        passedOver.add(entry.id);
        continue;
      }
      // Rendered under the lock: a few milliseconds per seat, and only when seats free up.
      const invitation = await prepareInvitation(mailer, config, entry, invitationExpiry(config));
      await inviteToBeta(trx, mailer, entry, invitation, {
        actor: AUTO_FILL_ACTOR,
        action: 'waitlist.auto_invite',
      });
      invited += 1;
    }
    if (candidates.length < wanted) break; // nobody else is waiting
  }
  return invited;
}
