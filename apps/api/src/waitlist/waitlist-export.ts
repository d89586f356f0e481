import type { CsvColumn } from '../csv-export';
import type { WaitlistEntryRecord } from './waitlist-repository';

/**
 * The waitlist export (issue 13, budget 7): each column once, as sendCsv writes
 * it from a row (`value`, the embedded database's path) and as PostgreSQL writes
 * the same cell in a COPY (`sql`). The two give the same bytes (tested): the SQL
 * below formats a cell exactly as csv-export's `cell` does.
 */
interface WaitlistExportColumn extends CsvColumn<WaitlistEntryRecord> {
  sql: string;
}

/**
 * Text as `cell` writes it: the OWASP formula guard (a leading apostrophe before
 * `=`, `+`, `-`, `@`, tab or carriage return: code points 61, 43, 45, 64, 9, 13)
 * and the empty string as an empty cell (COPY would quote it, `""`, to tell it
 * from a null). ascii() reads the first character only: cheaper than a regex, and
 * most values start with a letter (65 and above), which one comparison settles.
 */
const text = (column: string) =>
  `case when ascii(${column}) < 65 and ascii(${column}) in (9, 13, 43, 45, 61, 64) then '''' || ${column} else nullif(${column}, '') end`;

/** A count as `cell` writes it (a negative one would take the guard too). */
const count = (column: string) =>
  `case when ${column} < 0 then '''' || ${column} else ${column}::text end`;

/** Date.toISOString(): UTC, milliseconds (truncated, as node-pg parses them), a Z. */
const isoTime = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// A uuid (hex digits and dashes) never starts a formula and is never empty: as it is.
export const waitlistExportColumns: WaitlistExportColumn[] = [
  { header: 'ID', value: (row) => row.id, sql: 'w.id' },
  { header: 'Email', value: (row) => row.email, sql: text('w.email') },
  { header: 'First name', value: (row) => row.firstName, sql: text('w.first_name') },
  { header: 'Last name', value: (row) => row.lastName, sql: text('w.last_name') },
  { header: 'Company', value: (row) => row.companyName, sql: text('w.company_name') },
  { header: 'Primary use', value: (row) => row.primaryUse, sql: text('w.primary_use') },
  { header: 'User type', value: (row) => row.userType, sql: text('w.user_type') },
  {
    header: 'Content workflow',
    value: (row) => row.contentWorkflow,
    sql: text('w.content_workflow'),
  },
  {
    header: 'Monthly content volume',
    value: (row) => row.monthlyContentVolume,
    sql: text('w.monthly_content_volume'),
  },
  {
    header: 'Biggest challenge',
    value: (row) => row.biggestChallenge,
    sql: text('w.biggest_challenge'),
  },
  { header: 'Signed up at', value: (row) => row.createdAt, sql: isoTime('w.created_at') },
  { header: 'Beta participant ID', value: (row) => row.participantId, sql: 'p.id' },
  { header: 'Confirmed at', value: (row) => row.confirmedAt, sql: isoTime('w.confirmed_at') },
  { header: 'Referral code', value: (row) => row.referralCode, sql: text('w.referral_code') },
  { header: 'Referred by ID', value: (row) => row.referredById, sql: 'w.referred_by_id' },
  { header: 'Referrals', value: (row) => row.referralCount, sql: count('w.referral_count') },
  // Issue 34: what the import takes besides, so that an export imports back unchanged.
  {
    header: 'Referred by code',
    value: (row) => row.referredByCode,
    sql: text('r.referral_code'),
  },
  { header: 'UTM source', value: (row) => row.utmSource, sql: text('w.utm_source') },
  { header: 'UTM medium', value: (row) => row.utmMedium, sql: text('w.utm_medium') },
  { header: 'UTM campaign', value: (row) => row.utmCampaign, sql: text('w.utm_campaign') },
];

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The export as one COPY: the rows, join and order of streamWaitlistEntries
 * (waitlist-repository), the header row from the column names. The export takes
 * no filter or sort from the request, so the statement is a constant (COPY takes
 * no parameters).
 */
export const waitlistExportCopy = `copy (
  select ${waitlistExportColumns.map((column) => `${column.sql} as ${quoteIdentifier(column.header)}`).join(',\n    ')}
  from waitlist_entries w
  left join beta_participants p on p.waitlist_entry_id = w.id
  left join waitlist_entries r on r.id = w.referred_by_id
  order by w.created_at desc, w.id desc
) to stdout with (format csv, header true)`;

/**
 * Planner settings of the export's transaction. Left alone, the planner reads the
 * table in the export's order through the created_at index and looks up each
 * entry's participant: a million index probes. A hash join over a parallel scan,
 * then a sort, was about 5% faster here (1,000,000 entries through the API: 1.45 s
 * against 1.53 s, medians of six). Either way the parallel workers format the cells.
 */
export const waitlistExportSettings = { enable_nestloop: 'off' };
