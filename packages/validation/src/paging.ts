import { z } from './zod-config';
import { LIMITS, maxLengthMessage } from './fields';

/*
 * Paged, sorted and searched lists: the query fields every admin list reads and
 * the page every one answers. Query strings arrive as text; '' counts as absent.
 */

export const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);

/** An optional filter of a list query: one of `values`, or absent ('' included). */
export const optionalFilter = <const Values extends readonly [string, ...string[]]>(
  values: Values,
  error: string,
) => z.preprocess(blankAsAbsent, z.enum(values, { error }).optional());

export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MAX = 100;
/** A bound on the page number, so that an offset stays a safe number. */
const PAGE_MAX = 1_000_000;

const pageMessage = 'page must be a whole number of at least 1';
const pageSizeMessage = `pageSize must be between 1 and ${PAGE_SIZE_MAX}`;

/** `page` and `pageSize` of every paged list query. */
export const pageFields = {
  page: z.preprocess(
    blankAsAbsent,
    z.coerce
      .number({ error: pageMessage })
      .int({ error: pageMessage })
      .min(1, { error: pageMessage })
      .max(PAGE_MAX, { error: `page must be at most ${PAGE_MAX}` })
      .default(1),
  ),
  pageSize: z.preprocess(
    blankAsAbsent,
    z.coerce
      .number({ error: pageSizeMessage })
      .int({ error: pageSizeMessage })
      .min(1, { error: pageSizeMessage })
      .max(PAGE_SIZE_MAX, { error: pageSizeMessage })
      .default(PAGE_SIZE_DEFAULT),
  ),
};

/** A list's free-text search: trimmed, '' and blanks count as absent. */
export const listSearchField = z.preprocess(
  blankAsAbsent,
  z
    .string()
    .trim()
    .max(LIMITS.searchMax, { error: maxLengthMessage(LIMITS.searchMax, 'search') })
    .optional()
    .transform((value) => value || undefined),
);

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** A paged list: the items of one page and the count of all of them. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

/** One page of a paged list (`items`, `total`, `page`, `pageSize`), whatever its items. */
export type Page<T> = Omit<z.output<ReturnType<typeof pageOf<z.ZodUnknown>>>, 'items'> & {
  items: T[];
};

/**
 * A query string as a caller writes it: any of the fields its schema yields,
 * each optional (the API fills the defaults). Not `z.input`: the query schemas
 * preprocess blank values, which makes every field's input `unknown`.
 */
export type QueryParams<S extends z.ZodType> = Partial<z.output<S>>;
