import type { DB } from '@repo/db';
import { sql } from 'kysely';
import { confirmationTemplate } from '../waitlist/confirmation-email';
import type { ImportRow } from './import-rows';

/**
 * Confirmed imported rows are inserted with a provisional queue number above
 * every real one (queue numbers stay below 5 × 10^9 in practice; the sequence's
 * maximum is 10^10): their keys are unique and behind the whole queue until
 * settleQueuePlaces gives them their place by date. One import runs at a time,
 * so two imports never draw the same provisional numbers.
 */
const PROVISIONAL_SEQ = 5_000_000_000;
/** Where settleQueuePlaces parks the entries it moves, clear of both ranges. */
const PARKED_SEQ = 7_000_000_000;

export interface BatchRow {
  /** The row's number in the file (unique within the run). */
  row: number;
  value: ImportRow;
  /** The confirmation link's hash, for a row left unconfirmed. */
  tokenHash: string | null;
  confirmedAt: Date | null;
}

/**
 * Inserts a batch of rows as entries of the run, in the caller's transaction:
 * one statement per kind (with their own referral code, or a new one drawn by
 * the column's default), all counters kept by the table's statement triggers.
 * A row whose address was listed meanwhile (a signup arriving) is left out by
 * the unique index on lower(email). Returns the inserted entries' ids by address (lower case).
 */
export async function insertImportBatch(
  trx: DB,
  runId: string,
  rows: BatchRow[],
): Promise<Map<string, string>> {
  // A referral code already in use (or used twice in the file) gives way to a new one.
  const codes = rows.flatMap((r) => (r.value.referralCode ? [r.value.referralCode] : []));
  const { rows: taken } =
    codes.length === 0
      ? { rows: [] }
      : await sql<{ code: string }>`select referral_code as code from waitlist_entries
          where referral_code = any(${codes}::text[])`.execute(trx);
  const used = new Set(taken.map((r) => r.code));
  const withCode: BatchRow[] = [];
  const withoutCode: BatchRow[] = [];
  for (const r of rows) {
    const code = r.value.referralCode;
    if (code && !used.has(code)) {
      used.add(code);
      withCode.push(r);
    } else withoutCode.push(r);
  }
  const inserted = new Map<string, string>();
  for (const [part, keepCode] of [
    [withCode, true],
    [withoutCode, false],
  ] as const) {
    if (part.length === 0) continue;
    const column = <T>(pick: (r: BatchRow) => T) => part.map(pick);
    const iso = (date: Date | null) => date?.toISOString() ?? null;
    const { rows: returned } = await sql<{ id: string; email: string }>`
      insert into waitlist_entries (email, first_name, last_name, company_name, primary_use,
        user_type, content_workflow, created_at, confirmed_at, utm_source, utm_medium,
        utm_campaign, confirmation_token_hash, confirmation_sent_at, queue_seq, import_run_id
        ${keepCode ? sql`, referral_code` : sql``})
      select t.email, t.first_name, t.last_name, t.company_name, t.primary_use, t.user_type,
        t.content_workflow, coalesce(t.created_at, now()), t.confirmed_at, t.utm_source,
        t.utm_medium, t.utm_campaign, t.token_hash,
        case when t.token_hash is null then null else now() end,
        case when t.confirmed_at is null then null else ${PROVISIONAL_SEQ}::bigint + t.row end,
        ${runId}::uuid ${keepCode ? sql`, t.code` : sql``}
      from unnest(
        ${column((r) => r.value.email)}::text[],
        ${column((r) => r.value.firstName)}::text[],
        ${column((r) => r.value.lastName)}::text[],
        ${column((r) => r.value.companyName)}::text[],
        ${column((r) => r.value.primaryUse)}::text[],
        ${column((r) => r.value.userType)}::text[],
        ${column((r) => r.value.contentWorkflow)}::text[],
        ${column((r) => iso(r.value.signedUpAt))}::timestamptz[],
        ${column((r) => iso(r.confirmedAt))}::timestamptz[],
        ${column((r) => r.value.utmSource)}::text[],
        ${column((r) => r.value.utmMedium)}::text[],
        ${column((r) => r.value.utmCampaign)}::text[],
        ${column((r) => r.tokenHash)}::text[],
        ${column((r) => r.row)}::bigint[],
        ${column((r) => r.value.referralCode)}::text[]
      ) as t(email, first_name, last_name, company_name, primary_use, user_type, content_workflow,
             created_at, confirmed_at, utm_source, utm_medium, utm_campaign, token_hash, row, code)
      on conflict do nothing
      returning id, lower(email) as email`.execute(trx);
    for (const r of returned) inserted.set(r.email, r.id);
  }
  return inserted;
}

/** Links the run's entries to their referrers by the referrer's code (any entry's). */
export async function linkReferrers(
  trx: DB,
  runId: string,
  links: { email: string; code: string }[],
): Promise<void> {
  if (links.length === 0) return;
  await sql`
    update waitlist_entries w set referred_by_id = r.id
    from unnest(${links.map((l) => l.email.toLowerCase())}::text[],
                ${links.map((l) => l.code)}::text[]) as t(email, code)
    join waitlist_entries r on r.referral_code = t.code
    where lower(w.email) = t.email and w.import_run_id = ${runId}::uuid and r.id <> w.id`.execute(
    trx,
  );
}

/**
 * Credits the run's confirmed entries to their confirmed referrers, as a
 * confirmation does (issue 11): the referrer's count first, then the mark, in
 * two statements (one statement may not update a row twice: a chain of
 * referrals inside the file). The same address never credits itself.
 */
export async function creditImportedReferrals(trx: DB, runId: string): Promise<void> {
  const creditable = sql`
    from waitlist_entries w join waitlist_entries r on r.id = w.referred_by_id
    where w.import_run_id = ${runId}::uuid and not w.referral_credited
      and w.confirmed_at is not null and r.confirmed_at is not null
      and lower(w.email) <> lower(r.email)`;
  await sql`
    update waitlist_entries e set referral_count = e.referral_count + c.n
    from (select w.referred_by_id as id, count(*)::int as n ${creditable} group by 1) c
    where e.id = c.id`.execute(trx);
  await sql`
    update waitlist_entries e set referral_credited = true
    where e.id in (select w.id ${creditable})`.execute(trx);
}

/**
 * Gives the run's confirmed entries their queue place by date (issue 34: they
 * keep their original signup's place). The queue is ordered by queue_seq
 * (migration 024: confirmation order); each imported entry goes after every
 * entry already in line whose confirmation (the latest so far, in line order)
 * is not later than its own, and those behind it move back one number each. The
 * relative order of the entries already in line never changes; those ahead of
 * every imported entry keep their numbers. The triggers recompute each moved
 * entry's key and the bucket counts. Writers wait meanwhile (a table lock), so no
 * number is drawn in between.
 */
export async function settleQueuePlaces(trx: DB, runId: string): Promise<number> {
  await sql`lock table waitlist_entries in share row exclusive mode`.execute(trx);
  await sql`
    create temporary table import_queue_places on commit drop as
    with line as (
      select id, queue_seq, 0 as imported,
             max(coalesce(confirmed_at, created_at)) over (order by queue_seq) as anchor
      from waitlist_entries
      where queue_seq is not null and import_run_id is distinct from ${runId}::uuid
      union all
      select id, queue_seq, 1, coalesce(confirmed_at, created_at)
      from waitlist_entries
      where queue_seq is not null and import_run_id = ${runId}::uuid
    ), merged as (
      select id, queue_seq, imported,
             coalesce(max(case when imported = 0 then queue_seq end)
                        over (order by anchor, imported, queue_seq rows unbounded preceding), 0)
             + sum(imported) over (order by anchor, imported, queue_seq rows unbounded preceding)
               as place
      from line
    )
    select id, imported, place from merged where place <> queue_seq`.execute(trx);
  // Without statistics the planner takes the new table for a few rows and joins it
  // by nested loops: 100,000 × 100,000 (seen in the bench).
  await sql`alter table import_queue_places add primary key (id)`.execute(trx);
  await sql`analyze import_queue_places`.execute(trx);
  // Entries moving back are parked first: a unique key may not be held twice, even for a moment.
  await sql`
    update waitlist_entries w set queue_seq = ${PARKED_SEQ}::bigint + w.queue_seq
    from import_queue_places p where p.id = w.id and p.imported = 0`.execute(trx);
  const moved = await sql`
    update waitlist_entries w set queue_seq = p.place
    from import_queue_places p where p.id = w.id`.execute(trx);
  await sql`
    select setval('waitlist_queue_seq', greatest(
      (select last_value from waitlist_queue_seq),
      (select coalesce(max(queue_seq), 1) from waitlist_entries)))`.execute(trx);
  return Number(moved.numAffectedRows ?? 0);
}

/**
 * Deletes the run's entries (an undo), in the caller's transaction: the mail
 * the import queued to them, and each credited referral taken back from its
 * referrer outside the run. Returns how many entries went.
 */
export async function deleteImportedEntries(trx: DB, runId: string): Promise<number> {
  await sql`
    update waitlist_entries e set referral_count = greatest(e.referral_count - c.n, 0)
    from (select referred_by_id as id, count(*)::int as n from waitlist_entries
          where import_run_id = ${runId}::uuid and referral_credited group by 1) c
    where e.id = c.id and e.import_run_id is distinct from ${runId}::uuid`.execute(trx);
  await sql`
    delete from email_outbox o using waitlist_entries w
    where w.import_run_id = ${runId}::uuid and lower(o.to_email) = lower(w.email)
      and o.template_id = ${confirmationTemplate.id}`.execute(trx);
  const deleted = await trx
    .deleteFrom('waitlistEntries')
    .where('importRunId', '=', runId)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
