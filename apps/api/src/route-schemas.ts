import { errorBodySchema } from '@repo/validation';
import { z } from 'zod';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchemaCompiler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, notFound, validationError } from './errors';

/**
 * The app as routes see it: request parts and replies typed from the zod schemas
 * each route declares (issue 10, docs/decisions/0008-route-schemas.md).
 */
export type ApiInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** How a failed parse becomes the error contract. */
export type ToError = (error: z.ZodError, httpPart: string | undefined) => AppError;

/**
 * The 400 the handlers have always answered (`parseWith`): the first issue's
 * message, type `validation_error`, and every issue. A path parameter that fails
 * its schema names no row, so it is a 404 with that schema's message (a path id
 * is never a 500; see `uuidParam` in packages/validation/src/common.ts).
 */
const contractError: ToError = (error, httpPart) =>
  httpPart === 'params'
    ? notFound(error.issues[0]?.message ?? 'Not found')
    : validationError(error);

/**
 * Validates a request part with its zod schema. An absent body is parsed as `{}`,
 * as `parseWith` did, and a failure is thrown as an AppError, so the error handler
 * writes the same `{ message, type?, issues? }` as before routes had schemas.
 * `prepare` may turn the raw part into what the schema reads, or refuse it with an
 * AppError.
 */
export function zodValidatorCompiler(
  toError: ToError = contractError,
  prepare: (data: unknown) => unknown = (data) => data ?? {},
): FastifySchemaCompiler<unknown> {
  return ({ schema, httpPart }) =>
    (data) => {
      let input: unknown;
      try {
        input = prepare(data);
      } catch (error) {
        if (error instanceof AppError) return { error };
        throw error;
      }
      const result = (schema as z.ZodType).safeParse(input);
      if (result.success) return { value: result.data };
      return { error: toError(result.error, httpPart) };
    };
}

/** The error contract for each of `statuses`, for a route's `response`. */
export function errorResponses<const S extends readonly number[]>(
  ...statuses: S
): { [K in S[number]]: typeof errorBodySchema } {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as {
    [K in S[number]]: typeof errorBodySchema;
  };
}

const csvFileSchema = z.string().meta({ description: 'CSV with a header row' });

/** A download streamed as CSV: no JSON schema can describe its rows, the columns are documented. */
export function csvResponse(description: string) {
  return { description, content: { 'text/csv': { schema: csvFileSchema } } };
}
