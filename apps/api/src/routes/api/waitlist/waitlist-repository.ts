import type { Page, WaitlistEntry } from '@repo/api-client';
import type { Database, DB } from '@repo/db';
import type { WaitlistListQuery, WaitlistSignup } from '@repo/validation';
import { type ExpressionBuilder, sql } from 'kysely';

/**
 * Adds a signup unless the address (in any case) is already on the list.
 * The unique index on lower(email) decides, so concurrent duplicates leave one row.
 * Returns the new entry's id, or undefined for a duplicate.
 */
export async function addWaitlistSignup(
  db: DB,
  signup: WaitlistSignup,
): Promise<string | undefined> {
  const row = await db
    .insertInto('waitlistEntries')
    .values({
      email: signup.email,
      firstName: signup.firstName,
      lastName: signup.lastName,
      companyName: signup.company,
      primaryUse: signup.primaryUse,
      contentWorkflow: signup.contentWorkflow ?? null,
      userType: signup.userType ?? null,
    })
    .onConflict((conflict) => conflict.expression(sql`lower(email)`).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Entries with the participant created from them, if any (the admin view of spec section 3). */
function selectEntries(db: DB) {
  return db
    .selectFrom('waitlistEntries as w')
    .leftJoin('betaParticipants as p', 'p.waitlistEntryId', 'w.id')
    .select([
      'w.id',
      'w.firstName',
      'w.lastName',
      'w.email',
      'w.companyName',
      'w.monthlyContentVolume',
      'w.biggestChallenge',
      'w.primaryUse',
      'w.userType',
      'w.contentWorkflow',
      'w.createdAt',
      'p.id as participantId',
    ]);
}

export type WaitlistEntryRecord = Awaited<
  ReturnType<ReturnType<typeof selectEntries>['executeTakeFirstOrThrow']>
>;

export function toWaitlistEntry(row: WaitlistEntryRecord): WaitlistEntry {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** `%` and `_` in the search text match themselves, not any character. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function matchesSearch(search: string) {
  const pattern = containsPattern(search);
  return (eb: ExpressionBuilder<Database & { w: Database['waitlistEntries'] }, 'w'>) =>
    eb.or([
      eb('w.email', 'ilike', pattern),
      eb('w.firstName', 'ilike', pattern),
      eb('w.lastName', 'ilike', pattern),
      eb('w.companyName', 'ilike', pattern),
      eb(sql<string>`w.first_name || ' ' || w.last_name`, 'ilike', pattern),
    ]);
}

/**
 * One page of the waitlist, sorted on the server. Every sort order is backed by
 * an index (created_at, lower(email), lower(first_name|last_name|company_name)),
 * with the id as tie-breaker so pages never overlap.
 */
export async function listWaitlistEntries(
  db: DB,
  { page, pageSize, sortBy, sortOrder, search }: WaitlistListQuery,
): Promise<Page<WaitlistEntry>> {
  let rows = selectEntries(db);
  let count = db
    .selectFrom('waitlistEntries as w')
    .select((eb) => eb.fn.countAll<number>().as('count'));
  if (search) {
    rows = rows.where(matchesSearch(search));
    count = count.where(matchesSearch(search));
  }
  rows =
    sortBy === 'createdAt'
      ? rows.orderBy('w.createdAt', sortOrder).orderBy('w.id', sortOrder)
      : sortBy === 'email'
        ? // lower(email) is unique: no tie-breaker needed, and the unique index serves the order.
          rows.orderBy(sql`lower(w.email)`, sortOrder)
        : rows.orderBy(sql`lower(${sql.ref(`w.${sortBy}`)})`, sortOrder).orderBy('w.id', sortOrder);
  const [items, total] = await Promise.all([
    rows
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { items: items.map(toWaitlistEntry), total: Number(total.count), page, pageSize };
}

/** Every entry, newest first, read in chunks (CSV export). */
export function streamWaitlistEntries(db: DB): AsyncIterable<WaitlistEntryRecord> {
  return selectEntries(db).orderBy('w.createdAt', 'desc').orderBy('w.id', 'desc').stream(500);
}

export function findWaitlistEntry(db: DB, id: string): Promise<WaitlistEntryRecord | undefined> {
  return selectEntries(db).where('w.id', '=', id).executeTakeFirst();
}
