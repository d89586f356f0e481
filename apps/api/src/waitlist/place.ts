import type { WaitlistPlace } from '@repo/api-client';
import type { DB } from '@repo/db';
import type { Config } from '../config';
import { referralUrl, statusUrl } from './confirmation';
import { placeInQueue, queueLength } from './queue';

/**
 * What a person sees of their place (issue 11): the confirmation page and the
 * status page. Undefined when the entry does not exist (erased or purged).
 */
export async function placeOfEntry(
  db: DB,
  config: Pick<Config, 'PUBLIC_SITE_URL' | 'UNSUBSCRIBE_SECRET' | 'REFERRAL_BOOST_PLACES'>,
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
  const boost = config.REFERRAL_BOOST_PLACES;
  const place =
    entry.confirmedAt && !entry.participantStatus
      ? await placeInQueue(db, entry.id, boost)
      : undefined;
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
    total: place?.total ?? (await queueLength(db)),
    referralCount: entry.referralCount,
    referralCode: code,
    referralUrl: referralUrl(config.PUBLIC_SITE_URL, code),
    statusUrl: statusUrl(config.PUBLIC_SITE_URL, config.UNSUBSCRIBE_SECRET, entry.id),
    boostPlaces: boost,
  };
}
