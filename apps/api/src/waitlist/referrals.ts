import { emitWebhookEvent } from '../webhooks/webhook-events';
import type { DB } from '@repo/db';
import { randomInt } from 'node:crypto';

/** No 0/O or 1/I: a code read aloud or retyped stays right. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

/** A short random referral code (32^8 ≈ 10^12: collisions are rare, and the unique index catches them). */
export function newReferralCode(): string {
  let code = '';
  for (let index = 0; index < CODE_LENGTH; index += 1) {
    code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  }
  return code;
}

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address delivers to, as far as we can tell: lower case,
 * without a +tag, and for Gmail without dots. Two addresses with the same
 * mailbox are one person referring themselves.
 */
export function mailboxOf(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  let local = lower.slice(0, at).split('+')[0]!;
  let domain = lower.slice(at + 1);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/** The entry a referral code belongs to, if any. */
export async function findReferrerByCode(
  db: DB,
  code: string | undefined,
): Promise<{ id: string } | undefined> {
  if (!code) return undefined;
  return db
    .selectFrom('waitlistEntries')
    .select('id')
    .where('referralCode', '=', code.toUpperCase())
    .executeTakeFirst();
}

/**
 * Credits a newly confirmed entry's referrer, in the confirmation's
 * transaction. It counts only when the referrer is confirmed, is another
 * entry, and reads another mailbox. Returns whether it counted.
 */
export async function creditReferral(
  db: DB,
  entry: { id: string; email: string; referredById: string | null },
): Promise<boolean> {
  if (!entry.referredById || entry.referredById === entry.id) return false;
  const referrer = await db
    .selectFrom('waitlistEntries')
    .select(['id', 'email', 'confirmedAt'])
    .where('id', '=', entry.referredById)
    .forUpdate()
    .executeTakeFirst();
  if (!referrer || referrer.confirmedAt === null) return false;
  if (mailboxOf(referrer.email) === mailboxOf(entry.email)) return false;
  await db
    .updateTable('waitlistEntries')
    .set((eb) => ({ referralCount: eb('referralCount', '+', 1) }))
    .where('id', '=', referrer.id)
    .execute();
  await db
    .updateTable('waitlistEntries')
    .set({ referralCredited: true })
    .where('id', '=', entry.id)
    .execute();
  const people = await db
    .selectFrom('waitlistEntries')
    .select(['id', 'email', 'firstName', 'lastName', 'companyName', 'referralCount'])
    .where('id', 'in', [referrer.id, entry.id])
    .execute();
  const person = (id: string) => {
    const row = people.find((candidate) => candidate.id === id)!;
    const { companyName, referralCount: _count, ...rest } = row;
    return { ...rest, company: companyName };
  };
  await emitWebhookEvent(
    db,
    'waitlist.referral_credited',
    {
      referrer: {
        ...person(referrer.id),
        referralCount: people.find((row) => row.id === referrer.id)!.referralCount,
      },
      referred: person(entry.id),
    },
    // About both people: erasing either clears it.
    { emails: [referrer.email, entry.email], ids: [referrer.id, entry.id] },
  );
  return true;
}

export interface ReferralPerson {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  confirmedAt: string | null;
  createdAt: string;
  credited: boolean;
}

const personColumns = [
  'id',
  'email',
  'firstName',
  'lastName',
  'confirmedAt',
  'createdAt',
  'referralCredited',
  'referredById',
] as const;

function toPerson(row: {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  confirmedAt: Date | null;
  createdAt: Date;
  referralCredited: boolean;
}): ReferralPerson {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    credited: row.referralCredited,
  };
}

const CHAIN_DEPTH = 10;

/**
 * An entry's referral chain for the console: who referred it (and who referred
 * them, up to 10 links; a loop stops the walk), and whom it referred.
 * Undefined when the entry does not exist.
 */
export async function referralChainOf(
  db: DB,
  id: string,
): Promise<{ referredBy: ReferralPerson[]; referrals: ReferralPerson[] } | undefined> {
  const entry = await db
    .selectFrom('waitlistEntries')
    .select(['id', 'referredById'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!entry) return undefined;
  const referredBy: ReferralPerson[] = [];
  const seen = new Set([entry.id]);
  let next = entry.referredById;
  while (next && !seen.has(next) && referredBy.length < CHAIN_DEPTH) {
    seen.add(next);
    const person = await db
      .selectFrom('waitlistEntries')
      .select(personColumns)
      .where('id', '=', next)
      .executeTakeFirst();
    if (!person) break;
    referredBy.push(toPerson(person));
    next = person.referredById;
  }
  const referrals = await db
    .selectFrom('waitlistEntries')
    .select(personColumns)
    .where('referredById', '=', id)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
  return { referredBy, referrals: referrals.map(toPerson) };
}
