import { z } from './zod-config';
import { isoTimestamp, uuidParam } from './common';

/*
 * Importing a waitlist from a CSV file (issue 34): upload the file, map its
 * columns to fields, a dry run listing each row's problem, then the import, run
 * in the background and undone as one within 24 hours.
 */

/** The largest file accepted (about 500,000 rows of a typical export). */
export const IMPORT_MAX_BYTES = 100 * 1024 * 1024;
/** How long an import can be undone. */
export const IMPORT_UNDO_HOURS = 24;
/** Rows the upload answers as a sample, and problems a dry run lists row by row. */
export const IMPORT_SAMPLE_ROWS = 5;
export const IMPORT_PROBLEMS_LISTED = 200;

/** The fields a column can be mapped to; `email` is required. */
export const WAITLIST_IMPORT_FIELDS = [
  'email',
  'firstName',
  'lastName',
  'name',
  'company',
  'primaryUse',
  'userType',
  'contentWorkflow',
  'signedUpAt',
  'confirmedAt',
  'referralCode',
  'referredByCode',
  'utmSource',
  'utmMedium',
  'utmCampaign',
] as const;
export type WaitlistImportField = (typeof WAITLIST_IMPORT_FIELDS)[number];

/** How the console names the fields (and the header names the mapping is guessed from). */
export const WAITLIST_IMPORT_FIELD_LABELS: Record<WaitlistImportField, string> = {
  email: 'Email',
  firstName: 'First name',
  lastName: 'Last name',
  name: 'Full name',
  company: 'Company',
  primaryUse: 'Primary use',
  userType: 'User type',
  contentWorkflow: 'Content workflow',
  signedUpAt: 'Signed up at',
  confirmedAt: 'Confirmed at',
  referralCode: 'Referral code',
  referredByCode: 'Referred by code',
  utmSource: 'UTM source',
  utmMedium: 'UTM medium',
  utmCampaign: 'UTM campaign',
};

/** Why a row is passed over (the dry run reports them; the import skips those rows). */
export const WAITLIST_IMPORT_PROBLEMS = [
  'invalid_email',
  'disposable_email',
  'duplicate_in_file',
  'already_listed',
  'invalid_date',
  'invalid_value',
] as const;
export type WaitlistImportProblem = (typeof WAITLIST_IMPORT_PROBLEMS)[number];

export const WAITLIST_IMPORT_PROBLEM_LABELS: Record<WaitlistImportProblem, string> = {
  invalid_email: 'Invalid email address',
  disposable_email: 'Disposable email domain',
  duplicate_in_file: 'Duplicate of an earlier row of the file',
  already_listed: 'Already on the waitlist',
  invalid_date:
    'Date not readable (use ISO 8601, e.g. 2026-03-01 or 2026-03-01T09:30:00Z), or in the future',
  invalid_value: 'A value does not fit its field (too long, or a one-letter name or company)',
};

export const WAITLIST_IMPORT_STATES = [
  'uploading',
  'uploaded',
  'importing',
  'finished',
  'failed',
  'undone',
] as const;
export type WaitlistImportState = (typeof WAITLIST_IMPORT_STATES)[number];

export const WAITLIST_IMPORT_MESSAGES = {
  notFound: 'Import not found',
  tooLarge: `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB: split it`,
  notCsv: 'The file is not a CSV text file (UTF-8, comma-separated, a header row first)',
  unsupportedType: 'Send the file as text/csv',
  empty: 'The file has no header row',
  noRows: 'The file has a header row but no data rows',
  emailRequired: 'Map a column to the email address: it is required',
  badColumn: 'A mapped column is not in the file',
  sameColumnTwice: 'Map each field to its own column',
  noDryRun: 'Run a dry run of this mapping first',
  alreadyStarted: 'This import has already started',
  notUndoable: 'Only a finished import can be undone',
  undoExpired: `An import can be undone within ${IMPORT_UNDO_HOURS} hours only`,
} as const;

/** Field → the index of its column in the file's header (0-based). */
export const waitlistImportMappingSchema = z
  .partialRecord(z.enum(WAITLIST_IMPORT_FIELDS), z.number().int().min(0).max(999))
  .refine((mapping) => mapping.email !== undefined, {
    error: WAITLIST_IMPORT_MESSAGES.emailRequired,
  })
  .refine(
    (mapping) => {
      const columns = Object.values(mapping);
      return new Set(columns).size === columns.length;
    },
    { error: WAITLIST_IMPORT_MESSAGES.sameColumnTwice },
  );
export type WaitlistImportMapping = Partial<Record<WaitlistImportField, number>>;

export const waitlistImportParamsSchema = z.object({
  id: uuidParam(WAITLIST_IMPORT_MESSAGES.notFound),
});

export const waitlistImportUploadQuerySchema = z.object({
  fileName: z.string().trim().max(200).optional(),
});

/** POST …/imports/:id/dry-run. */
export const waitlistImportDryRunBodySchema = z
  .object({ mapping: waitlistImportMappingSchema })
  .strict();
export type WaitlistImportDryRunRequest = z.input<typeof waitlistImportDryRunBodySchema>;

/** POST …/imports/:id/start: the dry run's mapping, and what to do with unconfirmed rows. */
export const waitlistImportStartBodySchema = z
  .object({
    /**
     * Rows without a "confirmed at" value: true confirms them (at their signup
     * date), false leaves them unconfirmed and sends each the confirmation mail.
     */
    confirmAll: z.boolean(),
  })
  .strict();
export type WaitlistImportStartRequest = z.input<typeof waitlistImportStartBodySchema>;

const problemCountsSchema = z.record(z.string(), z.number().int());

/** The uploaded file: its header, a few rows and the mapping guessed from the header names. */
export const waitlistImportUploadSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  bytes: z.number().int(),
  header: z.array(z.string()),
  sampleRows: z.array(z.array(z.string())),
  suggestedMapping: z.partialRecord(z.enum(WAITLIST_IMPORT_FIELDS), z.number().int()),
});
export type WaitlistImportUpload = z.output<typeof waitlistImportUploadSchema>;

/** A dry run's answer: counts, and the first problems row by row. */
export const waitlistImportDryRunSchema = z.object({
  rows: z.number().int(),
  importable: z.number().int(),
  problems: problemCountsSchema,
  problemRows: z.array(
    z.object({
      /** The row's line in the file, counting the header as row 1. */
      row: z.number().int(),
      email: z.string(),
      problem: z.enum(WAITLIST_IMPORT_PROBLEMS),
    }),
  ),
});
export type WaitlistImportDryRun = z.output<typeof waitlistImportDryRunSchema>;

/** An import as the console polls it. */
export const waitlistImportRunSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  state: z.enum(WAITLIST_IMPORT_STATES),
  confirmAll: z.boolean(),
  totalRows: z.number().int().nullable(),
  processedRows: z.number().int(),
  imported: z.number().int(),
  mailsQueued: z.number().int(),
  problems: problemCountsSchema,
  error: z.string().nullable(),
  createdAt: isoTimestamp,
  startedAt: isoTimestamp.nullable(),
  finishedAt: isoTimestamp.nullable(),
  undoneAt: isoTimestamp.nullable(),
  /** Until when an undo is accepted (null when it is not, or no longer, possible). */
  undoableUntil: isoTimestamp.nullable(),
});
export type WaitlistImportRun = z.output<typeof waitlistImportRunSchema>;

/** How far back GET /api/admin/waitlist/imports lists imports, and at most how many. */
export const IMPORT_LIST_DAYS = 30;
export const IMPORT_LIST_MAX = 50;

/** GET /api/admin/waitlist/imports: the imports started in the last 30 days, newest first. */
export const waitlistImportRunListSchema = z.object({
  items: z.array(
    waitlistImportRunSchema.extend({
      /** Who started it: a staff member's username, or the API key's label. */
      startedBy: z.string(),
    }),
  ),
});
export type WaitlistImportRunList = z.output<typeof waitlistImportRunListSchema>;

const normalizedHeader = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Header names (normalised: lower case, letters and digits) each field is guessed from. */
const FIELD_ALIASES: Record<WaitlistImportField, string[]> = {
  email: ['email', 'emailaddress', 'mail', 'e-mail'],
  firstName: ['firstname', 'givenname', 'first'],
  lastName: ['lastname', 'surname', 'familyname', 'last'],
  name: ['name', 'fullname'],
  company: ['company', 'companyname', 'organization', 'organisation'],
  primaryUse: ['primaryuse', 'usecase', 'use'],
  userType: ['usertype', 'type'],
  contentWorkflow: ['contentworkflow', 'workflow'],
  signedUpAt: ['signedupat', 'signupdate', 'createdat', 'created', 'date', 'joinedat', 'signedup'],
  confirmedAt: ['confirmedat', 'confirmed', 'verifiedat'],
  referralCode: ['referralcode', 'refcode', 'code'],
  referredByCode: ['referredbycode', 'referredby', 'referrer', 'referrercode'],
  utmSource: ['utmsource', 'source'],
  utmMedium: ['utmmedium', 'medium'],
  utmCampaign: ['utmcampaign', 'campaign'],
};

/** The mapping a header suggests: each field to the first column named like it. */
export function guessImportMapping(header: readonly string[]): WaitlistImportMapping {
  const names = header.map(normalizedHeader);
  const mapping: WaitlistImportMapping = {};
  const taken = new Set<number>();
  for (const field of WAITLIST_IMPORT_FIELDS) {
    const index = names.findIndex(
      (name, column) =>
        !taken.has(column) && FIELD_ALIASES[field].map(normalizedHeader).includes(name),
    );
    if (index >= 0) {
      mapping[field] = index;
      taken.add(index);
    }
  }
  // A full name only when the names are not in their own columns.
  if (mapping.firstName !== undefined && mapping.name !== undefined) delete mapping.name;
  return mapping;
}
