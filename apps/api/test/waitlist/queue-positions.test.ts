import { sql } from 'kysely';
import pg from 'pg';
import { beforeEach, describe, expect, it } from 'vitest';
import { statusLinkSecret, statusToken } from '../../src/waitlist/confirmation';
import { foldWaitlistCounters } from '../../src/waitlist/counters';
import { placeInQueue, useReferralBoost } from '../../src/waitlist/queue';
import { nextInQueue } from '../../src/waitlist/waitlist-repository';
import { seedWaitlist } from '../helpers/admin';
import { linkTokenMailedTo } from '../helpers/link-tokens';
import { createTestContext } from '../helpers/test-app';
import { useAdminContext } from '../helpers/use-context';
import { validWaitlistSignup } from '../helpers/test-app';

/*
 * Issue 32: the queue's order is kept in the database (a trigger-kept key per
 * queued entry and counts per key bucket). Every test checks the counters
 * against a count from scratch, and where the rule allows, the order against
 * the window functions the queue was ranked with before (issue 11), in
 * confirmation order.
 */

const { ctx, admin } = useAdminContext({ PUBLIC_SITE_URL: 'https://site.test' });
const db = () => ctx.database.db;

beforeEach(async () => {
  await db().deleteFrom('betaParticipants').execute();
  await db().deleteFrom('waitlistEntries').execute();
  await db().deleteFrom('emailOutbox').execute();
  await db().deleteFrom('appSettings').execute();
  // The queue is empty: every bucket sums to zero, and a test sees only its own counter rows.
  await db().deleteFrom('waitlistQueueBuckets').execute();
  await useReferralBoost(db(), 5);
});

/** `count` unconfirmed entries, oldest first (they join the queue when confirmed). */
const addEntries = (count: number) => seedWaitlist(ctx, count);

/** Confirms entries one statement each, in the order given: their order in the queue. */
async function confirmInOrder(ids: string[]): Promise<void> {
  for (const id of ids) {
    await db()
      .updateTable('waitlistEntries')
      .set({ confirmedAt: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
  }
}

async function setReferrals(id: string, referralCount: number): Promise<void> {
  await db().updateTable('waitlistEntries').set({ referralCount }).where('id', '=', id).execute();
}

/** A seat held by the entry (as an approval leaves it). */
async function takeSeat(id: string): Promise<void> {
  await db()
    .insertInto('betaParticipants')
    .values({
      waitlistEntryId: id,
      firstName: 'Seated',
      lastName: 'Person',
      email: `seat-${id}@example.com`,
      status: 'active',
      invitedAt: new Date(),
    })
    .execute();
}

/** The queue, front first, as its positions read from the counters say (every entry's own). */
async function queueByCounters(): Promise<string[]> {
  const rows = await db()
    .selectFrom('waitlistEntries')
    .select('id')
    .where('queueKey', 'is not', null)
    .execute();
  const places = await Promise.all(
    rows.map(async ({ id }) => ({ id, place: await placeInQueue(db(), id) })),
  );
  const total = rows.length;
  for (const { place } of places) expect(place?.total).toBe(total);
  const ordered = places.sort((a, b) => a.place!.position - b.place!.position);
  expect(ordered.map(({ place }) => place!.position)).toEqual(
    Array.from({ length: total }, (_, index) => index + 1),
  );
  return ordered.map(({ id }) => id);
}

/**
 * The counters against a recomputation from scratch: the keys per bucket, who has
 * a key (confirmed, no seat), and each position against the key order itself.
 */
async function expectCountersExact(): Promise<string[]> {
  const kept = await sql<{ bucket: string; entries: string }>`
    select bucket::text, sum(entries)::text as entries from waitlist_queue_buckets
    group by bucket having sum(entries) <> 0 order by bucket`.execute(db());
  const fresh = await sql<{ bucket: string; entries: string }>`
    select waitlist_queue_bucket(queue_key)::text as bucket, count(*)::text as entries
    from waitlist_entries where queue_key is not null group by 1 order by 1`.execute(db());
  expect(kept.rows).toEqual(fresh.rows);
  const misplaced = await sql<{ id: string }>`
    select id from waitlist_entries w
    where (queue_key is not null) <> (confirmed_at is not null
      and not exists (select 1 from beta_participants p where p.waitlist_entry_id = w.id))`.execute(
    db(),
  );
  expect(misplaced.rows).toEqual([]);
  const byKey = await db()
    .selectFrom('waitlistEntries')
    .select('id')
    .where('queueKey', 'is not', null)
    .orderBy('queueKey')
    .execute();
  const byCounters = await queueByCounters();
  expect(byCounters).toEqual(byKey.map((row) => row.id));
  return byCounters;
}

/**
 * The queue as issue 11 ranked it: two window functions over the whole queue, the
 * rank among the current queue minus `boost` per referral, in confirmation order
 * (queue_seq). The stored keys agree with it whenever nobody between a referrer
 * and the place its referrals give it has left the queue.
 */
async function oldRanking(boost: number): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select id from (
      select q.id, q.queue_priority_at, q.referral_count, q.queue_seq,
             row_number() over (order by q.queue_seq) as rank
      from waitlist_entries q
      where q.confirmed_at is not null
        and not exists (select 1 from beta_participants p where p.waitlist_entry_id = q.id)
    ) queue
    order by queue_priority_at asc nulls last, rank - ${boost}::int * referral_count,
             referral_count desc, queue_seq`.execute(db());
  return rows.map((row) => row.id);
}

async function expectQueue(expected: string[], boost = 5): Promise<void> {
  expect(await expectCountersExact()).toEqual(expected);
  expect(await oldRanking(boost)).toEqual(expected);
}

const statusOf = async (id: string) => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/waitlist/status?token=${encodeURIComponent(statusToken(statusLinkSecret(ctx.config), id))}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe('positions kept in the database', () => {
  it('stays exact through confirmations, a referral, a seat taken from the middle and given back, and an erasure', async () => {
    const [a, b, c, d, e, f, g, h, i, j, pending] = await addEntries(11);
    await confirmInOrder([a!, b!, c!, d!, e!, f!, g!, h!, i!, j!]);
    await expectQueue([a!, b!, c!, d!, e!, f!, g!, h!, i!, j!]);
    expect(await statusOf(pending!)).toMatchObject({ state: 'unconfirmed', position: null });

    // h (8th) counts a referral: 5 places up, past the person it lands on (c).
    await setReferrals(h!, 1);
    await expectQueue([a!, b!, h!, c!, d!, e!, f!, g!, i!, j!]);
    expect(await statusOf(h!)).toMatchObject({ position: 3, ahead: 2, total: 10 });

    // A seat from the middle: i leaves, j moves up one.
    await takeSeat(i!);
    await expectQueue([a!, b!, h!, c!, d!, e!, f!, g!, j!]);
    expect(await statusOf(j!)).toMatchObject({ position: 9, total: 9 });
    expect(await statusOf(i!)).toMatchObject({ state: 'participant', position: null, total: 9 });

    // The seat given back (a lapsed invitation, say): i is back at its place.
    await db().deleteFrom('betaParticipants').where('waitlistEntryId', '=', i!).execute();
    await expectQueue([a!, b!, h!, c!, d!, e!, f!, g!, i!, j!]);

    // Erasure through the console: b is gone, everyone behind moves up.
    const erased = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/waitlist/${b}`,
      headers: admin.headers,
    });
    expect(erased.statusCode).toBe(200);
    await expectQueue([a!, h!, c!, d!, e!, f!, g!, i!, j!]);
    expect(await statusOf(j!)).toMatchObject({ position: 9, ahead: 8, total: 9 });
  });

  it('moves a referrer by `boost` confirmation numbers, so fewer places when people between have left', async () => {
    const [a, b, c, d, e, f, g, h] = await addEntries(8);
    await confirmInOrder([a!, b!, c!, d!, e!, f!, g!, h!]);
    // e, between h's place and the one its referral gives it, takes a seat.
    await takeSeat(e!);
    await setReferrals(h!, 1);
    // h is 7th of 7; its key (8 - 5) puts it behind a and b, ahead of c: 3rd.
    // The old ranking (its rank 7 - 5 = 2) put it ahead of b, 2nd: 5 places up.
    const kept = [a!, b!, h!, c!, d!, f!, g!];
    expect(await expectCountersExact()).toEqual(kept);
    expect(await oldRanking(5)).toEqual([a!, h!, b!, c!, d!, f!, g!]);
    expect(await statusOf(h!)).toMatchObject({ position: 3, ahead: 2, total: 7 });
  });

  it('puts invite-code redemptions at the front, in order of redemption', async () => {
    const [a, b, c, d, e] = await addEntries(5);
    await confirmInOrder([a!, b!, c!, d!, e!]);
    for (const [id, secondsAgo] of [
      [d!, 20],
      [b!, 10],
    ] as const) {
      await db()
        .updateTable('waitlistEntries')
        .set({ queuePriorityAt: sql<Date>`now() - make_interval(secs => ${secondsAgo})` })
        .where('id', '=', id)
        .execute();
    }
    await setReferrals(e!, 3);
    await expectQueue([d!, b!, e!, a!, c!]);
    expect(await statusOf(d!)).toMatchObject({ position: 1, ahead: 0, total: 5 });
    expect((await nextInQueue(db(), 3)).map((entry) => entry.id)).toEqual([d!, b!, e!]);
  });

  it('counts across many buckets: far-apart numbers, large referral counts and priorities', async () => {
    const ids = await addEntries(30);
    // Ten numbers apart by about 3,000 (three buckets each), then the rest.
    for (const [index, id] of ids.entries()) {
      if (index < 10)
        await sql`select setval('waitlist_queue_seq', ${index * 3000 + 1})`.execute(db());
      await confirmInOrder([id]);
    }
    // 700 referrals at 5 places each: 3,500 numbers up, across buckets.
    await setReferrals(ids[29]!, 700);
    await setReferrals(ids[5]!, 3_001);
    await db()
      .updateTable('waitlistEntries')
      .set({ queuePriorityAt: sql<Date>`now() - interval '3 hours'` })
      .where('id', '=', ids[20]!)
      .execute();
    const order = await expectCountersExact();
    expect(order[0]).toBe(ids[20]); // priority first
    expect(order[1]).toBe(ids[5]); // 15,002 - 15,005: below every other number
    const buckets = await sql<{ n: number }>`
      select count(distinct bucket)::int as n from waitlist_queue_buckets where entries <> 0`.execute(
      db(),
    );
    expect(buckets.rows[0]!.n).toBeGreaterThan(5);
    // The console sorted by position agrees, page by page, in both directions.
    const list = async (query: string) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/waitlist?sortBy=position&pageSize=7&${query}`,
        headers: admin.headers,
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ items: { id: string; position: number | null }[] }>().items;
    };
    const ascending = [];
    for (let page = 1; page <= 5; page += 1)
      ascending.push(...(await list(`sortOrder=asc&page=${page}`)));
    expect(ascending.map((item) => item.id)).toEqual(order);
    expect(ascending.map((item) => item.position)).toEqual(order.map((_, index) => index + 1));
    const descending = [];
    for (let page = 1; page <= 5; page += 1)
      descending.push(...(await list(`sortOrder=desc&page=${page}`)));
    expect(descending.map((item) => item.id)).toEqual([...order].reverse());
  });

  it('recomputes the keys with referrals when the boost changes, once', async () => {
    const [a, b, c, d, e, f] = await addEntries(6);
    await confirmInOrder([a!, b!, c!, d!, e!, f!]);
    await setReferrals(f!, 1);
    // 6 - 5 = 1: level with a, and ahead of it on more referrals.
    await expectQueue([f!, a!, b!, c!, d!, e!]);
    expect(await useReferralBoost(db(), 2)).toBe(true);
    expect(await useReferralBoost(db(), 2)).toBe(false);
    await expectQueue([a!, b!, c!, f!, d!, e!], 2);
    // Keys written after the change use the new boost too.
    await setReferrals(e!, 1);
    await expectQueue([a!, b!, e!, c!, f!, d!], 2);
    expect(await useReferralBoost(db(), 5)).toBe(true);
    await expectQueue([e!, f!, a!, b!, c!, d!]);
  });

  it('keeps the counters exact under concurrent confirmations, referrals and approvals', async () => {
    // Forty in the queue; the first ten will be approved while thirty others confirm.
    const queued = await addEntries(40);
    await confirmInOrder(queued);
    const referrers = await db()
      .selectFrom('waitlistEntries')
      .select(['id', 'referralCode'])
      .where('id', 'in', queued.slice(30))
      .execute();
    // The newcomers' numbers start two buckets further on.
    await sql`select setval('waitlist_queue_seq', 3000)`.execute(db());
    const emails = Array.from({ length: 30 }, (_, index) => `concurrent-${index}@example.com`);
    for (const [index, email] of emails.entries()) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/waitlist',
        payload: validWaitlistSignup({
          email,
          referralCode:
            index % 3 === 0 ? referrers[index % referrers.length]!.referralCode : undefined,
        }),
      });
      expect(response.statusCode).toBe(201);
    }
    const tokens = await Promise.all(
      emails.map((email) => linkTokenMailedTo(ctx, email, 'waitlist-welcome')),
    );
    const responses = await Promise.all([
      ...tokens.map((token) =>
        ctx.app.inject({ method: 'POST', url: '/api/waitlist/confirm', payload: { token } }),
      ),
      ...queued.slice(0, 10).map((id) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/admin/beta/approve/${id}`,
          headers: admin.headers,
        }),
      ),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([
      ...tokens.map(() => 200),
      ...queued.slice(0, 10).map(() => 201),
    ]);
    const order = await expectCountersExact();
    expect(order).toHaveLength(60);
    expect(order).toEqual(await oldRanking(5));
    const credited = await db()
      .selectFrom('waitlistEntries')
      .select((eb) => eb.fn.sum<number>('referralCount').as('total'))
      .executeTakeFirstOrThrow();
    expect(Number(credited.total)).toBe(10);
    // Folded, each bucket is one row again, and the counts are unchanged.
    expect(await foldWaitlistCounters(db())).toBeGreaterThan(0);
    const perBucket = await sql<{ rows: number }>`
      select count(*)::int as rows from waitlist_queue_buckets group by bucket
      order by 1 desc limit 1`.execute(db());
    expect(perBucket.rows[0]!.rows).toBe(1);
    expect(await expectCountersExact()).toEqual(order);
  });

  it('never makes one writer wait on another for a counter row (nor deadlock two of them)', async () => {
    // Seventeen transactions, each on its own connection, change the queue in the
    // same bucket and stay open. Counter rows shared by writers (even spread over
    // 16 per bucket by connection) make at least two of them wait on each other;
    // appended changes make none wait. Two writers changing two buckets in opposite
    // orders would then deadlock, and PostgreSQL would end one with an error.
    const url = ctx.database.url;
    if (!url) {
      // The embedded database has one connection: nothing can wait on anything.
      expect(ctx.database.kind).toBe('embedded');
      return;
    }
    const ids = await addEntries(17);
    const clients = ids.map(() => new pg.Client({ connectionString: url }));
    try {
      await Promise.all(clients.map((client) => client.connect()));
      for (const client of clients) {
        await client.query("begin; set local lock_timeout = '3s'");
      }
      // All at once, each holding its transaction open: a wait on another's row
      // lock would end in the lock timeout's error.
      const results = await Promise.allSettled(
        clients.map((client, index) =>
          client.query('update waitlist_entries set confirmed_at = now() where id = $1', [
            ids[index],
          ]),
        ),
      );
      expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
      await Promise.all(clients.map((client) => client.query('commit')));
    } finally {
      await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
    }
    await expectCountersExact();
    expect(await foldWaitlistCounters(db())).toBeGreaterThanOrEqual(0);
    await expectCountersExact();
  });

  it('gives each row of any list page the position the queue gives it, and pages past the queue', async () => {
    const ids = await addEntries(12);
    await confirmInOrder(ids.slice(0, 9));
    await setReferrals(ids[8]!, 1);
    await takeSeat(ids[2]!);
    const order = await expectCountersExact();
    const positionOf = new Map(order.map((id, index) => [id, index + 1]));
    const list = async (query: string) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/waitlist?${query}`,
        headers: admin.headers,
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ items: { id: string; position: number | null }[]; total: number }>();
    };
    for (const query of [
      'sortBy=createdAt&sortOrder=desc&pageSize=100',
      'sortBy=email&pageSize=100',
    ]) {
      const { items } = await list(query);
      expect(items).toHaveLength(12);
      for (const item of items) expect(item.position).toBe(positionOf.get(item.id) ?? null);
    }
    // Sorted by position, 5 a page: 8 queued, then the 4 outside it (by id).
    const outside = [ids[2]!, ...ids.slice(9)].sort();
    const pages = [];
    for (let page = 1; page <= 3; page += 1) {
      const { items, total } = await list(`sortBy=position&sortOrder=asc&pageSize=5&page=${page}`);
      expect(total).toBe(12);
      pages.push(items);
    }
    expect(pages.flat().map((item) => item.id)).toEqual([...order, ...outside]);
    expect(pages.flat().map((item) => item.position)).toEqual([
      1,
      2,
      3,
      4,
      5,
      6,
      7,
      8,
      null,
      null,
      null,
      null,
    ]);
    expect((await list('sortBy=position&pageSize=5&page=4')).items).toEqual([]);
    // The confirmed ones only: the queue, then the seated confirmed entry.
    const confirmed = await list('sortBy=position&sortOrder=asc&pageSize=100&state=confirmed');
    expect(confirmed.items.map((item) => item.id)).toEqual([...order, ids[2]!]);
    expect(confirmed.total).toBe(9);
  });
});

describe('the referral boost at start', () => {
  it('recomputes the stored keys when the API starts with another boost', async () => {
    const other = await createTestContext({ REFERRAL_BOOST_PLACES: '2' });
    try {
      const settings = await other.database.db
        .selectFrom('waitlistQueueSettings')
        .select('referralBoost')
        .executeTakeFirstOrThrow();
      expect(settings.referralBoost).toBe(2);
      const ids = await seedWaitlist(other, 4);
      for (const id of ids) {
        await other.database.db
          .updateTable('waitlistEntries')
          .set({ confirmedAt: sql<Date>`now()` })
          .where('id', '=', id)
          .execute();
      }
      await other.database.db
        .updateTable('waitlistEntries')
        .set({ referralCount: 1 })
        .where('id', '=', ids[3]!)
        .execute();
      // 4 - 2 = 2: past the second, behind the first.
      expect(await placeInQueue(other.database.db, ids[3]!)).toEqual({
        position: 2,
        ahead: 1,
        total: 4,
      });
    } finally {
      await other.close();
    }
  });
});
