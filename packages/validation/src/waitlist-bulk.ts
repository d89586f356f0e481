import { z } from './zod-config';
import { isoTimestamp, uuidParam } from './common';
import { listSearchField, optionalFilter } from './paging';
import { WAITLIST_STATES } from './waitlist';

/*
 * Acting on many waitlist entries at once (issue 32): a selection (explicit ids,
 * or every entry matching the list's filter) and an action. Each run is recorded
 * and processed one person at a time in the background; the console polls it.
 */

/** The most ids one request may name (a page is 20 to 100; "all matching" is a filter). */
export const BULK_IDS_MAX = 1_000;
/** The most entries one run may act on: past this, narrow the filter. */
export const BULK_RUN_MAX = 100_000;

export const WAITLIST_BULK_ACTIONS = ['approve', 'hang-tight', 'delete'] as const;
export type WaitlistBulkAction = (typeof WAITLIST_BULK_ACTIONS)[number];

export const WAITLIST_BULK_MESSAGES = {
  selection: `Select between 1 and ${BULK_IDS_MAX} entries, or every entry matching a filter`,
  tooMany: `A run acts on at most ${BULK_RUN_MAX.toLocaleString('en-US')} entries: narrow the filter`,
  nothingSelected: 'No waitlist entry matches this selection',
  runNotFound: 'Bulk run not found',
} as const;

/** Why a person was passed over (reported, never failed silently). */
export const WAITLIST_BULK_SKIP_REASONS = [
  'not_found',
  'not_confirmed',
  'already_participant',
  'no_free_seat',
] as const;
export type WaitlistBulkSkipReason = (typeof WAITLIST_BULK_SKIP_REASONS)[number];

/** The list's own filter: `search` and `state`, as GET /api/admin/waitlist takes them. */
export const waitlistFilterSchema = z.object({
  search: listSearchField,
  state: optionalFilter(WAITLIST_STATES, `state must be one of ${WAITLIST_STATES.join(', ')}`),
});

/** Either explicit ids or a filter ("all N matching"), never both. */
export const waitlistSelectionSchema = z.union([
  z
    .object({
      ids: z
        .array(uuidParam(WAITLIST_BULK_MESSAGES.selection), {
          error: WAITLIST_BULK_MESSAGES.selection,
        })
        .min(1, { error: WAITLIST_BULK_MESSAGES.selection })
        .max(BULK_IDS_MAX, { error: WAITLIST_BULK_MESSAGES.selection }),
    })
    .strict(),
  z.object({ filter: waitlistFilterSchema }).strict(),
]);
export type WaitlistSelection = z.output<typeof waitlistSelectionSchema>;
export type WaitlistSelectionRequest = z.input<typeof waitlistSelectionSchema>;

/** POST /api/admin/waitlist/bulk/{approve,hang-tight,delete}. */
export const waitlistBulkBodySchema = z.object({ selection: waitlistSelectionSchema }).strict();
export type WaitlistBulkRequest = z.input<typeof waitlistBulkBodySchema>;

export const BULK_RUN_STATES = ['running', 'finished'] as const;
export type BulkRunState = (typeof BULK_RUN_STATES)[number];

const bulkPersonSchema = z.object({
  id: z.string(),
  /** Empty once the entry is gone (deleted, erased). */
  name: z.string(),
  email: z.string(),
  reason: z.string(),
});

/** A run as the console polls it. */
export const waitlistBulkRunSchema = z.object({
  id: z.string(),
  action: z.enum(WAITLIST_BULK_ACTIONS),
  state: z.enum(BULK_RUN_STATES),
  /** People selected when the run was made. */
  total: z.number().int(),
  done: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  /** Skips and failures counted by reason. */
  reasons: z.record(z.string(), z.number().int()),
  /** The first people skipped or failed, with why (at most 100). */
  passedOver: z.array(bulkPersonSchema),
  createdAt: isoTimestamp,
  finishedAt: isoTimestamp.nullable(),
});
export type WaitlistBulkRun = z.output<typeof waitlistBulkRunSchema>;

/** How far back GET /api/admin/waitlist/bulk/runs lists runs, and at most how many. */
export const BULK_RUN_LIST_DAYS = 30;
export const BULK_RUN_LIST_MAX = 50;

/** A run in the list: its counts and skips by reason (the people passed over are read one run at a time). */
const waitlistBulkRunSummarySchema = waitlistBulkRunSchema.omit({ passedOver: true }).extend({
  /** Who started it: a staff member's username, or the API key's label. */
  startedBy: z.string(),
});

/** GET /api/admin/waitlist/bulk/runs: the runs of the last 30 days, newest first. */
export const waitlistBulkRunListSchema = z.object({ items: z.array(waitlistBulkRunSummarySchema) });
export type WaitlistBulkRunList = z.output<typeof waitlistBulkRunListSchema>;

export const bulkRunParamsSchema = z.object({ id: uuidParam(WAITLIST_BULK_MESSAGES.runNotFound) });
