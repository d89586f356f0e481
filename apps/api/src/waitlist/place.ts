import type { WaitlistPlace } from '@repo/validation';
import type { DB } from '@repo/db';
import type { Config } from '../config';
import { referralUrl, statusLinkSecret, statusUrl } from './confirmation';
import { queueRankingOf } from './queue';
import { placeInQueue, type QueuePlace } from './waitlist-repository';

type PlaceConfig = Pick<
  Config,
  'PUBLIC_SITE_URL' | 'SESSION_SECRET' | 'REFERRAL_BOOST_PLACES' | 'QUEUE_RANKING_MAX_AGE_MS'
>;

/**
 * Where a queued entry stands, from the ranking snapshot (issue 19): no window
 * function per request, and a position at most twice QUEUE_RANKING_MAX_AGE_MS
 * old (10 s by default). An entry confirmed since the snapshot was taken is not
 * in it yet: its place is computed exactly, which happens only until the next
 * refresh.
 */
async function placeOfQueued(
  db: DB,
  config: PlaceConfig,
  entryId: string,
): Promise<QueuePlace | undefined> {
  const ranking = await queueRankingOf(db, config).get();
  const position = ranking.positions.get(entryId);
  if (position !== undefined) {
    return { position, ahead: position - 1, total: ranking.order.length };
  }
  return placeInQueue(db, entryId, config.REFERRAL_BOOST_PLACES);
}

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
  const place = queued ? await placeOfQueued(db, config, entry.id) : undefined;
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
    total: place?.total ?? (await queueRankingOf(db, config).get()).order.length,
    referralCount: entry.referralCount,
    referralCode: code,
    referralUrl: referralUrl(config.PUBLIC_SITE_URL, code),
    statusUrl: statusUrl(config.PUBLIC_SITE_URL, statusLinkSecret(config), entry.id),
    boostPlaces: config.REFERRAL_BOOST_PLACES,
  };
}
