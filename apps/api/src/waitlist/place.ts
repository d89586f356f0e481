import type { WaitlistPlace } from '@repo/validation';
import type { DB } from '@repo/db';
import type { Config } from '../config';
import { referralUrl, statusLinkSecret, statusUrl } from './confirmation';
import { countQueued, placeInQueue } from './queue';

type PlaceConfig = Pick<Config, 'PUBLIC_SITE_URL' | 'SESSION_SECRET' | 'REFERRAL_BOOST_PLACES'>;

/**
 * What a person sees of their place (issue 11): the confirmation page and the
 * status page. Undefined when the entry does not exist (erased or purged).
 */
export async function placeOfEntry(
  db: DB,
  config: PlaceConfig,
  entryId: string,
): Promise<WaitlistPlace | undefined> {
  const entry = await db
    .selectFrom('waitlistEntries as w')
    .leftJoin('betaParticipants as p', 'p.waitlistEntryId', 'w.id')
    .select([
      'w.id',
      'w.firstName',
      'w.confirmedAt',
      'w.referralCode',
      'w.referralCount',
      'p.status as participantStatus',
    ])
    .where('w.id', '=', entryId)
    .executeTakeFirst();
  if (!entry) return undefined;
  const queued = entry.confirmedAt !== null && !entry.participantStatus;
  // Exact, from the queue's counters (issue 32): a few milliseconds at a million.
  const place = queued ? await placeInQueue(db, entry.id) : undefined;
  const state = entry.participantStatus
    ? entry.participantStatus === 'invited'
      ? 'invited'
      : 'participant'
    : entry.confirmedAt
      ? 'queued'
      : 'unconfirmed';
  const code = entry.referralCode ?? '';
  return {
    firstName: entry.firstName,
    state,
    position: place?.position ?? null,
    ahead: place?.ahead ?? null,
    total: place?.total ?? (await countQueued(db)),
    referralCount: entry.referralCount,
    referralCode: code,
    referralUrl: referralUrl(config.PUBLIC_SITE_URL, code),
    statusUrl: statusUrl(config.PUBLIC_SITE_URL, statusLinkSecret(config), entry.id),
    boostPlaces: config.REFERRAL_BOOST_PLACES,
  };
}
