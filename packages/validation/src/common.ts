import { z } from 'zod';
import { INVALID_EMAIL_MESSAGE } from '../fields';

/**
 * The API's one error contract, `{ message, type?, issues? }`: every 4xx and 5xx
 * answer of every route has this shape (apps/api/src/plugins/external/error-handler.ts).
 */
export const errorBodySchema = z
  .object({
    message: z.string(),
    type: z.string().optional(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    /** A 403 `missing_permission`: the permission the route needs (issue 19). */
    permission: z.string().optional(),
  })
  .meta({
    id: 'ErrorBody',
    description: 'The error contract of every route.',
    examples: [
      {
        message: INVALID_EMAIL_MESSAGE,
        type: 'validation_error',
        issues: [{ path: 'email', message: INVALID_EMAIL_MESSAGE }],
      },
    ],
  });
export type ErrorBody = z.output<typeof errorBodySchema>;

/** A moment: a Date on the server, an ISO 8601 string on the wire. */
export const timestamp = z.date();

/** A moment the server already holds as an ISO 8601 string. */
export const isoTimestamp = z.string().meta({ format: 'date-time' });

/** A plain confirmation. */
export const messageResponseSchema = z.object({ message: z.string() });

/** A paged list: the items of one page and the count of all of them. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
