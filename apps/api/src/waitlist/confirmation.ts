import type { DB } from '@repo/db';
import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Config } from '../config';
import { creditReferral } from './referrals';
import { placeInQueue } from './queue';
import { emitWebhookEvent } from '../webhooks/webhook-events';

/** The confirmation link works once, for 7 days (issue 11). */
const CONFIRMATION_LIFETIME_DAYS = 7;
/** A duplicate signup of an unconfirmed address re-sends the link at most this often. */
const CONFIRMATION_RESEND_MINUTES = 60;

function hashLinkToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new single-use token: the link carries it, the database keeps only its hash. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

function siteLink(siteUrl: string, path: string, token: string): string {
  const url = new URL(path, siteUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

export function confirmationUrl(siteUrl: string, token: string): string {
  return siteLink(siteUrl, '/waitlist/confirm', token);
}

/*
 * The personal status page's link: the entry id and an HMAC of it. It reveals
 * a place in the queue and a referral code, nothing else, so it does not expire;
 * a forged or altered link never verifies. Its key is its own (statusLinkSecret),
 * not the unsubscribe links' (issue 20).
 */

/** The key that signs status links: derived from SESSION_SECRET (HKDF) for this use alone. */
export function statusLinkSecret(config: Pick<Config, 'SESSION_SECRET'>): string {
  const key = hkdfSync(
    'sha256',
    config.SESSION_SECRET,
    '',
    'wordloom waitlist status links v1',
    32,
  );
  return Buffer.from(key).toString('base64url');
}
function statusSignature(secret: string, entryId: string): Buffer {
  return createHmac('sha256', secret).update(`waitlist-status:v1:${entryId}`).digest();
}

export function statusToken(secret: string, entryId: string): string {
  return `${entryId}.${statusSignature(secret, entryId).toString('base64url')}`;
}

/** The entry id a status token names, when its signature holds. */
export function verifyStatusToken(secret: string, token: string): string | undefined {
  const dot = token.lastIndexOf('.');
  if (dot < 0) return undefined;
  const entryId = token.slice(0, dot);
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(entryId)) {
    return undefined;
  }
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = statusSignature(secret, entryId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? entryId : undefined;
}

export function statusUrl(siteUrl: string, secret: string, entryId: string): string {
  return siteLink(siteUrl, '/waitlist/status', statusToken(secret, entryId));
}

export function referralUrl(siteUrl: string, code: string): string {
  const url = new URL('/beta', siteUrl);
  url.searchParams.set('ref', code);
  return url.toString();
}

export type ConfirmOutcome =
  | { kind: 'confirmed'; entryId: string; credited: boolean }
  | { kind: 'expired' }
  | { kind: 'invalid' };

/** The entry a confirmation confirmed, as the confirmation's own work sees it. */
export interface ConfirmedEntry {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  /** Issue 19: the invite code brought with the signup, redeemed by this confirmation. */
  pendingInviteCodeId: string | null;
}

/**
 * Confirms the address whose link carries `token`: once (the hash is cleared),
 * within 7 days of the mail. Credits the referrer in the same transaction, and
 * runs `andThen` there too (the route redeems the signup's invite code with it,
 * issue 19). An unknown or used token is `invalid`; the row is locked, so two
 * clicks at once confirm once.
 */
export async function confirmSignup(
  db: DB,
  token: string,
  andThen?: (trx: DB, entry: ConfirmedEntry) => Promise<unknown>,
): Promise<ConfirmOutcome> {
  return db.transaction().execute(async (trx) => {
    const entry = await trx
      .selectFrom('waitlistEntries')
      .select([
        'id',
        'email',
        'firstName',
        'lastName',
        'companyName',
        'pendingInviteCodeId',
        'referredById',
        'confirmedAt',
        sql<boolean>`confirmation_sent_at < now() - make_interval(days => ${CONFIRMATION_LIFETIME_DAYS})`.as(
          'expired',
        ),
      ])
      .where('confirmationTokenHash', '=', hashLinkToken(token))
      .forUpdate()
      .executeTakeFirst();
    if (!entry) return { kind: 'invalid' };
    if (entry.expired) return { kind: 'expired' };
    await trx
      .updateTable('waitlistEntries')
      .set({
        confirmationTokenHash: null,
        confirmedAt: entry.confirmedAt ?? sql<Date>`now()`,
      })
      .where('id', '=', entry.id)
      .execute();
    if (entry.confirmedAt === null) {
      const place = await placeInQueue(trx, entry.id);
      await emitWebhookEvent(
        trx,
        'waitlist.confirmed',
        {
          entry: {
            id: entry.id,
            email: entry.email,
            firstName: entry.firstName,
            lastName: entry.lastName,
            company: entry.companyName,
          },
          position: place?.position ?? null,
        },
        { emails: [entry.email], ids: [entry.id] },
      );
    }
    const credited = entry.confirmedAt === null ? await creditReferral(trx, entry) : false;
    if (andThen) await andThen(trx, entry);
    return { kind: 'confirmed', entryId: entry.id, credited };
  });
}

/**
 * A fresh confirmation token for an unconfirmed entry, unless one was sent in
 * the last hour (`force` skips that, for staff). The conditional update takes
 * the row lock, so concurrent duplicates re-send once. Returns the token and
 * the entry's name, or undefined when nothing is to be sent.
 */
export async function renewConfirmationToken(
  db: DB,
  where: { email: string } | { id: string },
  options: { force?: boolean } = {},
): Promise<
  | {
      token: string;
      id: string;
      email: string;
      firstName: string;
      lastName: string;
      companyName: string;
    }
  | undefined
> {
  const { token, hash } = newLinkToken();
  let query = db
    .updateTable('waitlistEntries')
    .set({ confirmationTokenHash: hash, confirmationSentAt: sql<Date>`now()` })
    .where('confirmedAt', 'is', null);
  query =
    'email' in where
      ? query.where(sql<boolean>`lower(email) = lower(${where.email})`)
      : query.where('id', '=', where.id);
  if (!options.force) {
    query = query.where((eb) =>
      eb.or([
        eb('confirmationSentAt', 'is', null),
        eb(
          'confirmationSentAt',
          '<',
          sql<Date>`now() - make_interval(mins => ${CONFIRMATION_RESEND_MINUTES})`,
        ),
      ]),
    );
  }
  const row = await query
    .returning(['id', 'email', 'firstName', 'lastName', 'companyName'])
    .executeTakeFirst();
  return row ? { token, ...row } : undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows per delete: a few hundred unconfirmed signups a day at most, each with its mail. */
const PURGE_BATCH = 1_000;

/**
 * Deletes unconfirmed signups older than `retentionDays` (issue 11: 30 by
 * default) with the mail queued to them, unless staff approved them (a
 * participant row). A confirmation link sent within `retentionDays` (a
 * duplicate signup's, staff's resend, or the one a lapsed invitation sends,
 * issue 19) keeps the signup until it is that old too: the link must not lead
 * to a deleted entry. Returns how many were deleted.
 */
export async function purgeUnconfirmedSignups(
  db: DB,
  retentionDays: number,
  now: Date = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  let total = 0;
  for (;;) {
    const deleted = await db.transaction().execute(async (trx) => {
      const rows = await trx
        .deleteFrom('waitlistEntries')
        .where(
          'id',
          'in',
          trx
            .selectFrom('waitlistEntries as w')
            .select('w.id')
            .where('w.confirmedAt', 'is', null)
            .where('w.createdAt', '<', cutoff)
            .where((eb) =>
              eb.or([
                eb('w.confirmationSentAt', 'is', null),
                eb('w.confirmationSentAt', '<', cutoff),
              ]),
            )
            .where(({ not, exists, selectFrom }) =>
              not(
                exists(
                  selectFrom('betaParticipants as p')
                    .select('p.id')
                    .whereRef('p.waitlistEntryId', '=', 'w.id'),
                ),
              ),
            )
            .limit(PURGE_BATCH),
        )
        .returning('email')
        .execute();
      const addresses = rows.map((row) => row.email.toLowerCase());
      if (addresses.length > 0) {
        // Their confirmation mail goes with them; nobody else's.
        await trx
          .deleteFrom('emailOutbox')
          .where(sql<boolean>`lower(to_email) = any(${addresses}::text[])`)
          .where('templateId', '=', 'waitlist-welcome')
          .execute();
      }
      return rows.length;
    });
    total += deleted;
    if (deleted < PURGE_BATCH) return total;
  }
}
