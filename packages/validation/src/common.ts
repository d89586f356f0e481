import { z } from './zod-config';
import { INVALID_EMAIL_MESSAGE } from './fields';

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
/** The error contract of every 4xx and 5xx answer: `{ message, type?, issues? }`. */
export type ErrorBody = z.output<typeof errorBodySchema>;

/** A moment: a Date on the server, an ISO 8601 string on the wire. */
export const timestamp = z.date();

/** A moment the server already holds as an ISO 8601 string. */
export const isoTimestamp = z.string().meta({ format: 'date-time' });

/** A plain confirmation. */
export const messageResponseSchema = z.object({ message: z.string() });
/** A plain confirmation: `{ message }`. */
export type MessageResponse = z.output<typeof messageResponseSchema>;

/** 204: nothing in the body. */
export const noContentSchema = z.undefined().meta({ description: 'No content' });

/** A page for a browser (the unsubscribe confirmation and its answer). */
export const htmlPageSchema = z.string().meta({ description: 'An HTML page' });

/** GET /api/health */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID path parameter; anything else reads `notFoundMessage`. */
export function uuidParam(notFoundMessage: string) {
  return z
    .string({ error: notFoundMessage })
    .regex(UUID, { error: notFoundMessage })
    .meta({ format: 'uuid' });
}

/** A row id in a path: a UUID, else `notFoundMessage` (the API answers 404: it names no row). */
export function idParamsSchema(notFoundMessage: string) {
  return z.object({ id: uuidParam(notFoundMessage) });
}
