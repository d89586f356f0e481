import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

async function runStatements(db: Kysely<unknown>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/** Key units per bucket: at 1,000,000 in the queue, about a thousand buckets of about a thousand. */
const BUCKET_WIDTH = 1024;
/** The boost the keys are computed with until the API sets its own (REFERRAL_BOOST_PLACES' default). */
const INITIAL_BOOST = 5;

/*
 * Issue 32: a person's place in the waitlist queue is kept in the database.
 * The rank among the *current* queue (issue 11) cannot be indexed: the order of
 * two entries changes when people between them leave. Each entry now keeps
 *   queue_seq  its number in confirmation order (drawn once, at its first confirmation),
 *   queue_key  its sort key while it is in the queue (confirmed, no beta seat), else null:
 *              queue_seq - boost × referral_count - queue_seq / 10^10
 *              (the fraction breaks ties: more referrals first, and makes every key
 *              unique whatever the boost), or, for an invite code redeemed while the
 *              beta was full, -10^18 + the redemption's microseconds - queue_seq / 10^10
 *              (the front, in order of redemption).
 * Triggers keep both, and a count of keys per bucket (floor(key / 1024)), so that a
 * position is the sum of the buckets before plus a count within one bucket.
 * See docs/scaling.md, "Queue positions (issue 32)".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    // Nothing may slip between the backfill and the triggers.
    `lock table waitlist_entries, beta_participants in share row exclusive mode`,
    // Below 10^10: the key holds queue_seq / 10^10 as its fraction.
    `create sequence waitlist_queue_seq as bigint minvalue 1 maxvalue 9999999999`,
    `alter table waitlist_entries add column queue_seq bigint`,
    `alter table waitlist_entries add column queue_key numeric`,
    `create table waitlist_queue_settings (
      singleton boolean primary key default true check (singleton),
      referral_boost integer not null check (referral_boost >= 0)
    )`,
    `insert into waitlist_queue_settings (referral_boost) values (${INITIAL_BOOST})`,
    // Append-only: a writer inserts its changes and never updates a shared row, so
    // no two writers wait on each other (or deadlock, taking buckets in opposite
    // orders); waitlist_counts_fold() sums the rows of each bucket into one now and then.
    `create table waitlist_queue_buckets (
      bucket bigint not null,
      entries bigint not null
    )`,
    `create index waitlist_queue_buckets_bucket_idx on waitlist_queue_buckets (bucket)`,

    `create function waitlist_queue_key(seq bigint, referral_count integer, priority_at timestamptz, boost integer)
      returns numeric language sql immutable parallel safe as $$
        select case
          when priority_at is not null
            then -1000000000000000000::numeric + trunc(extract(epoch from priority_at) * 1000000) - seq * 0.0000000001
          else (seq - boost::bigint * referral_count)::numeric - seq * 0.0000000001
        end
      $$`,
    // Priority keys (below -10^17) share a bucket per 1,000 s of redemptions; the others
    // one per ${BUCKET_WIDTH} key units. Both orders agree with the keys'.
    `create function waitlist_queue_bucket(key numeric) returns bigint language sql immutable parallel safe as $$
        select case
          when key < -100000000000000000 then -1000000000000000 + floor((key + 1000000000000000000) / 1000000000)::bigint
          else floor(key / ${BUCKET_WIDTH})::bigint
        end
      $$`,
    `create function waitlist_queue_bucket_start(bucket bigint) returns numeric language sql immutable parallel safe as $$
        select case
          when bucket < -100000000000000 then -1000000000000000000::numeric + (bucket + 1000000000000000)::numeric * 1000000000
          else bucket::numeric * ${BUCKET_WIDTH}
        end
      $$`,

    // The backfill keeps today's order: existing entries are numbered in signup order.
    `update waitlist_entries w
      set queue_seq = numbered.seq,
          queue_key = case
            when exists (select 1 from beta_participants p where p.waitlist_entry_id = w.id) then null
            else waitlist_queue_key(numbered.seq, w.referral_count, w.queue_priority_at, ${INITIAL_BOOST})
          end
      from (select id, row_number() over (order by created_at, id) as seq
            from waitlist_entries where confirmed_at is not null) numbered
      where w.id = numbered.id`,
    `select setval('waitlist_queue_seq', coalesce(max(queue_seq), 1), max(queue_seq) is not null)
      from waitlist_entries`,
    `insert into waitlist_queue_buckets (bucket, entries)
      select waitlist_queue_bucket(queue_key), count(*) from waitlist_entries
      where queue_key is not null group by 1`,
    // One index orders the queue; unique, as the keys are by construction.
    `create unique index waitlist_entries_queue_key_idx on waitlist_entries (queue_key) where queue_key is not null`,
    // The rest, as the list sorted by position shows it after the queue: a deep page
    // of them skips index entries, not rows.
    `create index waitlist_entries_outside_queue_idx on waitlist_entries (id) where queue_key is null`,

    // The key of a written row. Set whenever its inputs change, or when a statement
    // names queue_key (the seat triggers below do, to have it computed again).
    `create function waitlist_queue_before_write() returns trigger language plpgsql as $$
      begin
        if new.confirmed_at is null then
          new.queue_key := null;
          return new;
        end if;
        if new.queue_seq is null then
          new.queue_seq := nextval('waitlist_queue_seq');
        end if;
        -- A new row has no participant yet (the participant's foreign key points at it).
        if tg_op = 'UPDATE' and exists (select 1 from beta_participants p where p.waitlist_entry_id = new.id) then
          new.queue_key := null;
        else
          new.queue_key := waitlist_queue_key(new.queue_seq, new.referral_count, new.queue_priority_at,
            (select referral_boost from waitlist_queue_settings));
        end if;
        return new;
      end
    $$`,
    `create trigger waitlist_queue_before_insert before insert on waitlist_entries
      for each row execute function waitlist_queue_before_write()`,
    `create trigger waitlist_queue_before_update
      before update of confirmed_at, referral_count, queue_priority_at, queue_seq, queue_key on waitlist_entries
      for each row execute function waitlist_queue_before_write()`,

    // Bucket counts, once per statement (a bulk INSERT of a million rows is one
    // GROUP BY), inserted as changes.
    `create function waitlist_queue_count_insert() returns trigger language plpgsql as $$
      begin
        insert into waitlist_queue_buckets (bucket, entries)
          select waitlist_queue_bucket(queue_key), count(*)
          from inserted_rows where queue_key is not null group by 1;
        return null;
      end
    $$`,
    `create function waitlist_queue_count_update() returns trigger language plpgsql as $$
      begin
        insert into waitlist_queue_buckets (bucket, entries)
          select bucket, sum(delta)
          from (select waitlist_queue_bucket(queue_key) as bucket, -1 as delta from old_rows where queue_key is not null
                union all
                select waitlist_queue_bucket(queue_key), 1 from new_rows where queue_key is not null) as changes
          group by bucket having sum(delta) <> 0;
        return null;
      end
    $$`,
    `create function waitlist_queue_count_delete() returns trigger language plpgsql as $$
      begin
        insert into waitlist_queue_buckets (bucket, entries)
          select waitlist_queue_bucket(queue_key), -count(*)
          from deleted_rows where queue_key is not null group by 1;
        return null;
      end
    $$`,
    `create function waitlist_queue_count_truncate() returns trigger language plpgsql as $$
      begin
        delete from waitlist_queue_buckets;
        return null;
      end
    $$`,
    `create trigger waitlist_queue_count_insert after insert on waitlist_entries
      referencing new table as inserted_rows
      for each statement execute function waitlist_queue_count_insert()`,
    `create trigger waitlist_queue_count_update after update on waitlist_entries
      referencing old table as old_rows new table as new_rows
      for each statement execute function waitlist_queue_count_update()`,
    `create trigger waitlist_queue_count_delete after delete on waitlist_entries
      referencing old table as deleted_rows
      for each statement execute function waitlist_queue_count_delete()`,
    `create trigger waitlist_queue_count_truncate after truncate on waitlist_entries
      for each statement execute function waitlist_queue_count_truncate()`,

    // A seat taken or given back: the entry's key is computed again (null while seated).
    `create function waitlist_queue_seat_insert() returns trigger language plpgsql as $$
      begin
        update waitlist_entries set queue_key = null
          where id in (select waitlist_entry_id from new_seats) and queue_key is not null;
        return null;
      end
    $$`,
    `create function waitlist_queue_seat_update() returns trigger language plpgsql as $$
      begin
        update waitlist_entries set queue_key = null
          where confirmed_at is not null and id in (
            select o.waitlist_entry_id from old_seats o join new_seats n using (id)
              where o.waitlist_entry_id is distinct from n.waitlist_entry_id
            union
            select n.waitlist_entry_id from old_seats o join new_seats n using (id)
              where o.waitlist_entry_id is distinct from n.waitlist_entry_id);
        return null;
      end
    $$`,
    `create function waitlist_queue_seat_delete() returns trigger language plpgsql as $$
      begin
        update waitlist_entries set queue_key = null
          where id in (select waitlist_entry_id from old_seats) and confirmed_at is not null;
        return null;
      end
    $$`,
    `create function waitlist_queue_seat_truncate() returns trigger language plpgsql as $$
      begin
        update waitlist_entries set queue_key = null where confirmed_at is not null and queue_key is null;
        return null;
      end
    $$`,
    `create trigger waitlist_queue_seat_insert after insert on beta_participants
      referencing new table as new_seats
      for each statement execute function waitlist_queue_seat_insert()`,
    `create trigger waitlist_queue_seat_update after update on beta_participants
      referencing old table as old_seats new table as new_seats
      for each statement execute function waitlist_queue_seat_update()`,
    `create trigger waitlist_queue_seat_delete after delete on beta_participants
      referencing old table as old_seats
      for each statement execute function waitlist_queue_seat_delete()`,
    `create trigger waitlist_queue_seat_truncate after truncate on beta_participants
      for each statement execute function waitlist_queue_seat_truncate()`,

    // A new boost (REFERRAL_BOOST_PLACES) for every stored key; the API calls it at start.
    // Only keys with referrals change. The table lock waits for writers in flight and
    // holds new ones back, so no key is computed with the old boost after this returns;
    // a second instance starting with the same boost finds nothing left to do.
    `create function waitlist_queue_use_boost(boost integer) returns boolean language plpgsql as $$
      begin
        if (select referral_boost from waitlist_queue_settings) = boost then
          return false;
        end if;
        lock table waitlist_entries in share row exclusive mode;
        if (select referral_boost from waitlist_queue_settings) = boost then
          return false;
        end if;
        update waitlist_queue_settings set referral_boost = boost;
        update waitlist_entries set queue_key = null
          where queue_key is not null and referral_count <> 0 and queue_priority_at is null;
        return true;
      end
    $$`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `drop function waitlist_queue_use_boost(integer)`,
    `drop trigger waitlist_queue_seat_truncate on beta_participants`,
    `drop trigger waitlist_queue_seat_delete on beta_participants`,
    `drop trigger waitlist_queue_seat_update on beta_participants`,
    `drop trigger waitlist_queue_seat_insert on beta_participants`,
    `drop function waitlist_queue_seat_truncate()`,
    `drop function waitlist_queue_seat_delete()`,
    `drop function waitlist_queue_seat_update()`,
    `drop function waitlist_queue_seat_insert()`,
    `drop trigger waitlist_queue_count_truncate on waitlist_entries`,
    `drop trigger waitlist_queue_count_delete on waitlist_entries`,
    `drop trigger waitlist_queue_count_update on waitlist_entries`,
    `drop trigger waitlist_queue_count_insert on waitlist_entries`,
    `drop function waitlist_queue_count_truncate()`,
    `drop function waitlist_queue_count_delete()`,
    `drop function waitlist_queue_count_update()`,
    `drop function waitlist_queue_count_insert()`,
    `drop trigger waitlist_queue_before_update on waitlist_entries`,
    `drop trigger waitlist_queue_before_insert on waitlist_entries`,
    `drop function waitlist_queue_before_write()`,
    `drop index waitlist_entries_outside_queue_idx`,
    `drop index waitlist_entries_queue_key_idx`,
    `drop function waitlist_queue_bucket_start(bigint)`,
    `drop function waitlist_queue_bucket(numeric)`,
    `drop function waitlist_queue_key(bigint, integer, timestamptz, integer)`,
    `drop table waitlist_queue_buckets`,
    `drop table waitlist_queue_settings`,
    `alter table waitlist_entries drop column queue_key`,
    `alter table waitlist_entries drop column queue_seq`,
    `drop sequence waitlist_queue_seq`,
  ]);
}
