import { z } from './zod-config';
import { isoTimestamp } from './common';
import { LIMITS, maxLengthMessage } from './fields';
import { SORT_ORDERS } from './paging';
import { WAITLIST_SORT_FIELDS, WAITLIST_STATES } from './waitlist';

/*
 * Saved views (issue 32): a staff member names the address state of a console list
 * (its columns, sort, filters and search) and applies it later. A view is the
 * account's own: nobody else lists, applies or deletes it.
 */

/** The lists a view can be saved for. */
export const SAVED_VIEW_LISTS = ['waitlist'] as const;
export type SavedViewList = (typeof SAVED_VIEW_LISTS)[number];

export const SAVED_VIEW_NAME_MAX = 60;
/** Views per account (all lists together): a bound on what one account stores. */
export const SAVED_VIEWS_MAX = 50;
/** Rows per page the console offers (its page-size select). */
export const SAVED_VIEW_PAGE_SIZES = ['10', '20', '50', '100'] as const;
/** The shown column ids of a console table, comma-separated in `cols` ("" hides every one it may). */
const COLUMN_LIST = /^([A-Za-z]{1,40}(,[A-Za-z]{1,40}){0,39})?$/;

export const SAVED_VIEW_MESSAGES = {
  name: `A view's name is 1 to ${SAVED_VIEW_NAME_MAX} characters`,
  list: `list must be one of ${SAVED_VIEW_LISTS.join(', ')}`,
  duplicate: 'You already have a view with this name for this list',
  limit: `You can keep at most ${SAVED_VIEWS_MAX} saved views: delete one first`,
  notFound: 'Saved view not found',
  deleted: 'Saved view deleted',
  sessionRequired:
    'Saved views belong to a staff member: sign in to the console (an API key has none)',
  columns: 'cols must be a comma-separated list of column ids',
} as const;

const listField = z.enum(SAVED_VIEW_LISTS, { error: SAVED_VIEW_MESSAGES.list });

/**
 * The waitlist's address state, by the keys the console's address uses (issue 20):
 * each checked like the list query it becomes; an unknown key is refused.
 */
export const waitlistViewStateSchema = z.strictObject({
  search: z
    .string({ error: maxLengthMessage(LIMITS.searchMax, 'search') })
    .trim()
    .min(1, { error: 'search must not be empty (leave it out)' })
    .max(LIMITS.searchMax, { error: maxLengthMessage(LIMITS.searchMax, 'search') })
    .optional(),
  state: z
    .enum(WAITLIST_STATES, { error: `state must be one of ${WAITLIST_STATES.join(', ')}` })
    .optional(),
  sort: z
    .enum(WAITLIST_SORT_FIELDS, {
      error: `sort must be one of ${WAITLIST_SORT_FIELDS.join(', ')}`,
    })
    .optional(),
  order: z.enum(SORT_ORDERS, { error: 'order must be asc or desc' }).optional(),
  pageSize: z
    .enum(SAVED_VIEW_PAGE_SIZES, {
      error: `pageSize must be one of ${SAVED_VIEW_PAGE_SIZES.join(', ')}`,
    })
    .optional(),
  cols: z
    .string({ error: SAVED_VIEW_MESSAGES.columns })
    .regex(COLUMN_LIST, { error: SAVED_VIEW_MESSAGES.columns })
    .optional(),
});
export type WaitlistViewState = z.output<typeof waitlistViewStateSchema>;

/** POST /api/admin/saved-views */
export const savedViewCreateSchema = z.object({
  list: listField,
  name: z
    .string({ error: SAVED_VIEW_MESSAGES.name })
    .trim()
    .min(1, { error: SAVED_VIEW_MESSAGES.name })
    .max(SAVED_VIEW_NAME_MAX, { error: SAVED_VIEW_MESSAGES.name }),
  state: waitlistViewStateSchema,
});
export type SavedViewCreate = z.output<typeof savedViewCreateSchema>;
export type SavedViewCreateRequest = z.input<typeof savedViewCreateSchema>;

/** GET /api/admin/saved-views?list=waitlist */
export const savedViewListQuerySchema = z.object({
  list: listField.default('waitlist'),
});
export type SavedViewListQuery = z.input<typeof savedViewListQuerySchema>;

export const savedViewSchema = z.object({
  id: z.string(),
  list: listField,
  name: z.string(),
  state: waitlistViewStateSchema,
  createdAt: isoTimestamp,
});
export type SavedView = z.output<typeof savedViewSchema>;
export const savedViewListSchema = z.object({ items: z.array(savedViewSchema) });
export type SavedViews = z.output<typeof savedViewListSchema>;
