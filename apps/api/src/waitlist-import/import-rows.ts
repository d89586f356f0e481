import type { DB } from '@repo/db';
import {
  emailAddress,
  INVALID_EMAIL_MESSAGE,
  LIMITS,
  PRIMARY_USE_OPTIONS,
  REFERRAL_CODE_PATTERN,
  USER_TYPE_OPTIONS,
  type WaitlistImportMapping,
  type WaitlistImportProblem,
} from '@repo/validation';
import { sql } from 'kysely';
import { isDisposableEmail } from '../abuse/disposable-email';
import { importRecords } from './import-file';

/** A row the import can insert. */
export interface ImportRow {
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  primaryUse: string;
  userType: string | null;
  contentWorkflow: string | null;
  signedUpAt: Date | null;
  confirmedAt: Date | null;
  referralCode: string | null;
  referredByCode: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

export type ReadRow =
  | { row: number; email: string; problem: WaitlistImportProblem }
  | { row: number; email: string; value: ImportRow };

const emailSchema = emailAddress(INVALID_EMAIL_MESSAGE);

/** ISO 8601: a date, or a date and time with an optional offset (none means UTC). */
const ISO_DATE =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;
/** A signup date a little ahead of the clock is a clock's skew, not the future. */
const FUTURE_SLACK_MS = 24 * 60 * 60 * 1000;

/** A cell our export wrote with a leading apostrophe before a formula's first character. */
const EXPORT_FORMULA_GUARD = /^'[=+\-@\t\r]/;

class RowProblem extends Error {
  constructor(readonly problem: WaitlistImportProblem) {
    super(problem);
  }
}

function readDate(value: string, now: number): Date | null {
  if (value === '') return null;
  if (!ISO_DATE.test(value)) throw new RowProblem('invalid_date');
  const hasZone = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(value) && value.length > 10;
  const date = new Date(hasZone || value.length === 10 ? value : `${value.replace(' ', 'T')}Z`);
  if (Number.isNaN(date.getTime()) || date.getTime() > now + FUTURE_SLACK_MS)
    throw new RowProblem('invalid_date');
  return date;
}

/** Free text of at most `max` characters; a name or company is empty (unknown) or 2 or more. */
function text(value: string, max: number, min = 0): string {
  if (value.length > max || (value.length > 0 && value.length < min))
    throw new RowProblem('invalid_value');
  return value;
}

/** One of the form's options (any case), or, for a use case, 'Other'; empty when unknown. */
function choice<T extends string>(
  value: string,
  options: readonly T[],
  otherwise: T | null,
): T | null {
  if (value === '') return null;
  return options.find((option) => option.toLowerCase() === value.toLowerCase()) ?? otherwise;
}

const optional = (value: string, max: number) => (value === '' ? null : text(value, max));

/**
 * One record as a row to import, or the problem that keeps it out. Cells are
 * trimmed; a missing cell is empty. A use case or user type that is none of the
 * form's options becomes 'Other' (a use case) or nothing. `name` is split at its first space when the
 * names have no columns of their own. An unusable referral code is dropped (the
 * entry gets a new one), never a reason to lose the person.
 */
export function readRecord(
  record: readonly string[],
  mapping: WaitlistImportMapping,
  row: number,
  now: number,
): ReadRow {
  const cell = (field: keyof WaitlistImportMapping) => {
    const index = mapping[field];
    const value = index === undefined ? '' : (record[index] ?? '').trim();
    // Our export's guard against spreadsheet formulas (csv-export.ts), taken off again.
    return EXPORT_FORMULA_GUARD.test(value) ? value.slice(1) : value;
  };
  const rawEmail = cell('email');
  const parsed = emailSchema.safeParse(rawEmail);
  if (!parsed.success) return { row, email: rawEmail, problem: 'invalid_email' };
  const email = parsed.data;
  if (isDisposableEmail(email)) return { row, email, problem: 'disposable_email' };
  try {
    let firstName = cell('firstName');
    let lastName = cell('lastName');
    const name = cell('name');
    if (name && !firstName && !lastName) {
      const space = name.indexOf(' ');
      firstName = space < 0 ? name : name.slice(0, space);
      lastName = space < 0 ? '' : name.slice(space + 1).trim();
    }
    const code = cell('referralCode').toUpperCase();
    const referredBy = cell('referredByCode').toUpperCase();
    return {
      row,
      email,
      value: {
        email,
        firstName: text(firstName, LIMITS.shortTextMax, LIMITS.nameMin),
        lastName: text(lastName, LIMITS.shortTextMax, LIMITS.nameMin),
        companyName: text(cell('company'), LIMITS.companyMax, LIMITS.companyMin),
        primaryUse: choice(cell('primaryUse'), PRIMARY_USE_OPTIONS, 'Other') ?? '',
        userType: choice(cell('userType'), USER_TYPE_OPTIONS, null),
        contentWorkflow: optional(cell('contentWorkflow'), LIMITS.longTextMax),
        signedUpAt: readDate(cell('signedUpAt'), now),
        confirmedAt: readDate(cell('confirmedAt'), now),
        referralCode: REFERRAL_CODE_PATTERN.test(code) ? code : null,
        referredByCode: REFERRAL_CODE_PATTERN.test(referredBy) ? referredBy : null,
        utmSource: optional(cell('utmSource'), 100),
        utmMedium: optional(cell('utmMedium'), 100),
        utmCampaign: optional(cell('utmCampaign'), 100),
      },
    };
  } catch (error) {
    if (error instanceof RowProblem) return { row, email, problem: error.problem };
    throw error;
  }
}

/** The addresses of `emails` (lower case) already on the waitlist. */
async function listedAddresses(db: DB, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const { rows } = await sql<{ email: string }>`
    select lower(email) as email from waitlist_entries
    where lower(email) = any(${emails}::text[])`.execute(db);
  return new Set(rows.map((r) => r.email));
}

export interface ScanOptions {
  batchSize: number;
  /** Rows (data rows, from 0) before this one are read for duplicates only: no lookup. */
  from?: number;
}

/** The data rows read so far (from 0) and the batch's rows, each with its outcome. */
export interface ScannedBatch {
  end: number;
  rows: ReadRow[];
}

/**
 * The file's data rows, in batches, each read and checked: its own problems, a
 * duplicate of an earlier row (one set of addresses in memory, 100,000 rows is a
 * few megabytes), then a duplicate of an entry already listed (one lookup per batch).
 * Row numbers count the header as row 1, as a spreadsheet shows them.
 */
export async function* scanImportFile(
  db: DB,
  runId: string,
  mapping: WaitlistImportMapping,
  { batchSize, from = 0 }: ScanOptions,
): AsyncGenerator<ScannedBatch> {
  const now = Date.now();
  const seen = new Set<string>();
  let header = true;
  let index = 0;
  let batch: ReadRow[] = [];
  const complete = async (): Promise<ScannedBatch> => {
    const rows = batch;
    batch = [];
    const fresh = rows.filter((r) => 'value' in r).map((r) => r.email.toLowerCase());
    const listed = await listedAddresses(db, fresh);
    return {
      end: index,
      rows: rows.map((r) =>
        'value' in r && listed.has(r.email.toLowerCase())
          ? { row: r.row, email: r.email, problem: 'already_listed' }
          : r,
      ),
    };
  };
  for await (const record of importRecords(db, runId)) {
    if (header) {
      header = false;
      continue;
    }
    let read = readRecord(record, mapping, index + 2, now);
    if ('value' in read) {
      const address = read.email.toLowerCase();
      if (seen.has(address))
        read = { row: read.row, email: read.email, problem: 'duplicate_in_file' };
      else seen.add(address);
    }
    index += 1;
    if (index <= from) continue;
    batch.push(read);
    if (batch.length >= batchSize) yield await complete();
  }
  if (batch.length > 0) yield await complete();
}
