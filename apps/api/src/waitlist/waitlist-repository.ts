import type { Page, WaitlistEntry } from '@repo/validation';
import type { Database, DB, WaitlistEntriesTable } from '@repo/db';
import type { SignupSource, WaitlistListQuery, WaitlistSignup } from '@repo/validation';
import { type SelectQueryBuilder, sql } from 'kysely';
import { streamForExport } from '../export-stream';
import { onePage, pageOffset } from '../paginate';
import { countQueued, queueKeyAt, queuePositionsOf } from './queue';
import { newReferralCode } from './referrals';

/**
 * Adds a signup unless the address (in any case) is already on the list.
 * The unique index on lower(email) decides, so concurrent duplicates leave one row.
 * Returns the new entry's id, or undefined for a duplicate.
 */
export async function addWaitlistSignup(
  db: DB,
  signup: WaitlistSignup,
  source: SignupSource = {},
  growth: NewEntryGrowth = {},
): Promise<string | undefined> {
  // A referral code that happens to exist already (about 1 in 10^7 at 100,000
  // entries) is drawn again rather than answered with a 500.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await insertSignup(db, signup, source, growth);
    } catch (error) {
      if (attempt >= 3 || !isReferralCodeClash(error)) throw error;
    }
  }
}

/** Issue 11: what a new entry carries besides the form. */
interface NewEntryGrowth {
  /** SHA-256 of the confirmation link's token (double opt-in). */
  confirmationTokenHash?: string;
  /** The entry whose referral link the visitor came through. */
  referredById?: string;
  /** Issue 19: the invite code brought with the signup, redeemed when the address is confirmed. */
  pendingInviteCodeId?: string;
}

function isReferralCodeClash(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
  return code === '23505' && constraint === 'waitlist_entries_referral_code_key';
}

async function insertSignup(
  db: DB,
  signup: WaitlistSignup,
  source: SignupSource,
  growth: NewEntryGrowth,
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
      landingPage: source.landingPage || null,
      referrer: source.referrer || null,
      utmSource: source.utmSource || null,
      utmMedium: source.utmMedium || null,
      utmCampaign: source.utmCampaign || null,
      referralCode: newReferralCode(),
      referredById: growth.referredById ?? null,
      confirmationTokenHash: growth.confirmationTokenHash ?? null,
      confirmationSentAt: growth.confirmationTokenHash ? sql<Date>`now()` : null,
      pendingInviteCodeId: growth.pendingInviteCodeId ?? null,
    })
    .onConflict((conflict) => conflict.expression(sql`lower(email)`).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

const entryColumns = [
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
  'w.confirmedAt',
  'w.referralCode',
  'w.referredById',
  'w.referralCount',
  'w.invitationExpiredAt',
  // Issue 34: the attribution an export carries, so that it imports back unchanged.
  'w.utmSource',
  'w.utmMedium',
  'w.utmCampaign',
] as const;

type EntriesSource = SelectQueryBuilder<Database & { w: WaitlistEntriesTable }, 'w', object>;

/** Entries with the participant created from them, if any (the admin view of spec section 3). */
function withParticipant(source: EntriesSource) {
  return source
    .leftJoin('betaParticipants as p', 'p.waitlistEntryId', 'w.id')
    .select(entryColumns)
    .select((eb) =>
      // The referrer's code: what an import links a referral by (ids differ between instances).
      eb
        .selectFrom('waitlistEntries as r')
        .select('r.referralCode')
        .whereRef('r.id', '=', 'w.referredById')
        .as('referredByCode'),
    );
}

export function selectEntries(db: DB) {
  return withParticipant(db.selectFrom('waitlistEntries as w'));
}

export type WaitlistEntryRecord = Awaited<
  ReturnType<ReturnType<typeof selectEntries>['executeTakeFirstOrThrow']>
>;

function toWaitlistEntry(row: WaitlistEntryRecord & { position: number | null }): WaitlistEntry {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    invitationExpiredAt: row.invitationExpiredAt?.toISOString() ?? null,
  };
}

/**
 * The text the search looks in: exactly the expression of the trigram index
 * waitlist_entries_search_idx (migration 003), so that the index serves it.
 */
export const searchText = sql<string>`lower(w.email || ' ' || w.first_name || ' ' || w.last_name || ' ' || w.company_name)`;

/** A LIKE pattern for "contains `text`": `%`, `_` and `\\` in it match themselves. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Entries matching a search. The matches are found first, through the trigram
 * index (a materialised CTE is a planning fence): otherwise the planner may walk
 * the whole sort index hoping to meet 25 matches early, which takes a full scan
 * when the matches are old entries.
 */
function searchSource(db: DB, search: string): EntriesSource {
  const pattern = containsPattern(search);
  return db
    .with(
      (cte) => cte('matches').materialized(),
      (qb) =>
        qb.selectFrom('waitlistEntries as w').select('w.id').where(searchText, 'like', pattern),
    )
    .selectFrom('waitlistEntries as w')
    .where('w.id', 'in', (eb) =>
      eb.selectFrom('matches').select('matches.id'),
    ) as unknown as EntriesSource;
}

async function countMatches(db: DB, search: string): Promise<number> {
  const row = await db
    .selectFrom('waitlistEntries as w')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(searchText, 'like', containsPattern(search))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The number of entries as a subquery (see countAllEntries), for the page's own query. */
const totalEntries = sql<string | null>`(select sum(entries) from waitlist_stats)`;

/** The number of entries, kept by triggers in waitlist_stats: 16 rows read, whatever the size. */
export async function countAllEntries(db: DB): Promise<number> {
  const row = await db
    .selectFrom('waitlistStats')
    .select((eb) => eb.fn.sum<string | null>('entries').as('entries'))
    .executeTakeFirst();
  return Number(row?.entries ?? 0);
}

/** A page's row, with the queue key its position is read by. */
type PageRow = WaitlistEntryRecord & {
  queueKey: string | null;
  totalEntries?: string | number | null;
};

/**
 * One page of the waitlist, sorted on the server. Every sort order is backed by
 * an index (created_at, lower(email), lower(first_name|last_name|company_name),
 * queue_key), with the id as tie-breaker so pages never overlap. The unfiltered
 * total comes from a counter; a search counts its matches through the trigram index.
 * Each queued row's position (issue 32) is read from the queue's counters.
 */
export async function listWaitlistEntries(
  db: DB,
  query: WaitlistListQuery,
): Promise<Page<WaitlistEntry>> {
  const { page, pageSize, sortBy, search, state } = query;
  let source = search ? searchSource(db, search) : db.selectFrom('waitlistEntries as w');
  if (state) {
    source = source.where('w.confirmedAt', state === 'confirmed' ? 'is not' : 'is', null);
  }
  // Sorted by position, a page of the whole queue (or of the confirmed entries,
  // which hold it all) starts at its first key, found through the counters.
  const fromQueue = sortBy === 'position' && !search && state !== 'unconfirmed';
  const [rows, filteredTotal] = await Promise.all([
    fromQueue ? pageInQueueOrder(db, source, query) : sortedPage(source, query),
    state ? countInState(db, state, search) : search ? countMatches(db, search) : undefined,
  ]);
  const total =
    filteredTotal ??
    (rows[0]?.totalEntries != null ? Number(rows[0].totalEntries) : await countAllEntries(db));
  const positions = await queuePositionsOf(
    db,
    rows.flatMap((row) => (row.queueKey === null ? [] : [row.queueKey])),
  );
  return {
    items: rows.map(({ totalEntries: _total, queueKey, ...item }) =>
      toWaitlistEntry({
        ...item,
        position: queueKey === null ? null : (positions.get(queueKey) ?? null),
      }),
    ),
    total,
    page,
    pageSize,
  };
}

/** A page in any order, skipping the rows before it. */
function sortedPage(
  source: EntriesSource,
  { page, pageSize, sortBy, sortOrder, search, state }: WaitlistListQuery,
): Promise<PageRow[]> {
  let rows = withParticipant(source).select('w.queueKey');
  rows =
    sortBy === 'createdAt'
      ? rows.orderBy('w.createdAt', sortOrder).orderBy('w.id', sortOrder)
      : sortBy === 'email'
        ? // lower(email) is unique: no tie-breaker needed, and the unique index serves the order.
          rows.orderBy(sql`lower(w.email)`, sortOrder)
        : sortBy === 'position'
          ? // The keys are in queue order; outside the queue sorts last either way.
            rows.orderBy(sql`w.queue_key ${sql.raw(sortOrder)} nulls last`).orderBy('w.id')
          : sortBy === 'referralCount'
            ? rows
                .orderBy('w.referralCount', sortOrder)
                .orderBy('w.createdAt', 'asc')
                .orderBy('w.id')
            : rows
                .orderBy(sql`lower(${sql.ref(`w.${sortBy}`)})`, sortOrder)
                .orderBy('w.id', sortOrder);
  // The unfiltered total (counter rows) comes with the page's rows, in the same query:
  // one round trip and one pooled connection instead of two (issue 13). A page past
  // the end has no row to carry it, and counts on its own.
  const counted = !state && !search;
  return rows
    .$if(counted, (query) => query.select(totalEntries.as('totalEntries')))
    .$call(onePage({ page, pageSize }))
    .execute();
}

/**
 * A page sorted by position, of a list that holds the whole queue: its queued rows
 * from the key at the page's first position on (one index range, however deep the
 * page), then the rows outside the queue (by id, as the other order puts them).
 */
async function pageInQueueOrder(
  db: DB,
  source: EntriesSource,
  { page, pageSize, sortOrder, state }: WaitlistListQuery,
): Promise<PageRow[]> {
  const skip = pageOffset({ page, pageSize });
  const queued = await countQueued(db);
  const firstPosition = sortOrder === 'asc' ? skip + 1 : queued - skip;
  const firstKey = skip < queued ? await queueKeyAt(db, firstPosition) : undefined;
  const rows: PageRow[] =
    firstKey === undefined
      ? []
      : await withParticipant(source)
          .select('w.queueKey')
          .where('w.queueKey', sortOrder === 'asc' ? '>=' : '<=', firstKey)
          .orderBy('w.queueKey', sortOrder)
          .limit(pageSize)
          .execute();
  if (rows.length === pageSize) return rows;
  // The page's ids first, from the index of the entries outside the queue (the rows
  // skipped are index entries only), then their rows.
  const outsideIds = db
    .selectFrom('waitlistEntries as o')
    .select('o.id')
    .where('o.queueKey', 'is', null)
    .$if(state === 'confirmed', (query) => query.where('o.confirmedAt', 'is not', null))
    .orderBy('o.id')
    .limit(pageSize - rows.length)
    .offset(firstKey === undefined ? Math.max(0, skip - queued) : 0);
  const outside = await withParticipant(db.selectFrom('waitlistEntries as w'))
    .select('w.queueKey')
    .where('w.id', 'in', outsideIds)
    .orderBy('w.id')
    .execute();
  return [...rows, ...outside];
}

/** Entries in a confirmation state (and matching a search): a count of the filtered rows. */
async function countInState(
  db: DB,
  state: NonNullable<WaitlistListQuery['state']>,
  search: string | undefined,
): Promise<number> {
  if (state === 'confirmed' && !search) {
    // Issue 32: every entry (the counter) but the unconfirmed (their partial
    // index, few in a real list), not a count of 700,000 rows. One statement.
    const row = await sql<{ count: string }>`
      select ${totalEntries} - (select count(*) from waitlist_entries where confirmed_at is null)
        as count
    `.execute(db);
    return Number(row.rows[0]?.count ?? 0);
  }
  let query = db
    .selectFrom('waitlistEntries as w')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('w.confirmedAt', state === 'confirmed' ? 'is not' : 'is', null);
  if (search) query = query.where(searchText, 'like', containsPattern(search));
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Every entry, newest first, read in chunks (CSV export). */
export function streamWaitlistEntries(db: DB): AsyncIterable<WaitlistEntryRecord> {
  return streamForExport(db, (trx) =>
    selectEntries(trx).orderBy('w.createdAt', 'desc').orderBy('w.id', 'desc').stream(500),
  );
}

export function findWaitlistEntry(db: DB, id: string): Promise<WaitlistEntryRecord | undefined> {
  return selectEntries(db).where('w.id', '=', id).executeTakeFirst();
}

/**
 * The entry of an address (in any case), for an invite code brought by someone
 * already listed; locked for the rest of the transaction, so a confirmation
 * cannot slip between reading its state and acting on it.
 */
export function findEntryByEmailForUpdate(db: DB, email: string) {
  return db
    .selectFrom('waitlistEntries')
    .select(['id', 'email', 'firstName', 'lastName', 'companyName', 'confirmedAt'])
    .where(sql<boolean>`lower(email) = lower(${email})`)
    .forUpdate()
    .executeTakeFirst();
}

export async function waitlistEntryExists(db: DB, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('waitlistEntries')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** The first `limit` people in queue order (auto-fill invites them): the head of the queue key's index. */
export async function nextInQueue(db: DB, limit: number): Promise<WaitlistEntryRecord[]> {
  if (limit <= 0) return [];
  return selectEntries(db)
    .where('w.queueKey', 'is not', null)
    .orderBy('w.queueKey')
    .limit(limit)
    .execute();
}

/** Marks an unconfirmed entry confirmed (its invitation reached it); undefined when it already was. */
export function confirmEntryByInvitation(db: DB, id: string) {
  return db
    .updateTable('waitlistEntries')
    .set({ confirmedAt: sql<Date>`statement_timestamp()`, confirmationTokenHash: null })
    .where('id', '=', id)
    .where('confirmedAt', 'is', null)
    .returning(['id', 'email', 'referredById'])
    .executeTakeFirst();
}

/** Puts an entry at the front of the queue (an invite code redeemed while the beta is full). */
export async function moveToFrontOfQueue(db: DB, id: string): Promise<void> {
  await db
    .updateTable('waitlistEntries')
    .set({ queuePriorityAt: new Date() })
    .where('id', '=', id)
    .execute();
}

/** The invite code an unconfirmed entry brought, redeemed when it confirms (null: none). */
export async function setPendingInviteCode(
  db: DB,
  id: string,
  inviteCodeId: string | null,
): Promise<void> {
  await db
    .updateTable('waitlistEntries')
    .set({ pendingInviteCodeId: inviteCodeId })
    .where('id', '=', id)
    .execute();
}
