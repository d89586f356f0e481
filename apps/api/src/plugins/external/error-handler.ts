import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
// The error contract, written once (`errorBodySchema`, documented in /api/openapi.json).
import type { ErrorBody } from '@repo/validation';
import { AppError } from '../../errors';

/** Messages for the framework's own client errors, so no internals leak. */
const FRAMEWORK_MESSAGES: Record<string, { status: number; message: string; type: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    message: 'Malformed JSON in request body',
    type: 'invalid_json',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    message: 'Request body is empty',
    type: 'invalid_json',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    message: 'Request body is too large',
    type: 'payload_too_large',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    message: 'Unsupported content type',
    type: 'unsupported_media_type',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    message: 'Invalid Content-Length',
    type: 'invalid_request',
  },
};

type Response = ErrorBody & { status: number; retryAfter?: number };

/** Seconds a client is asked to wait before trying again while the database is away. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

const DATABASE_UNAVAILABLE: Response = {
  status: 503,
  message: 'The database is unavailable, please try again shortly',
  type: 'database_unavailable',
  retryAfter: DATABASE_RETRY_AFTER_SECONDS,
};

/** Issue 32: a statement cut by its statement_timeout (the console's is ADMIN_STATEMENT_TIMEOUT_MS). */
const QUERY_TIMEOUT: Response = {
  status: 503,
  message: 'This took too long and was stopped, please try again shortly',
  type: 'query_timeout',
  retryAfter: DATABASE_RETRY_AFTER_SECONDS,
};

/** Issue 32: a console request whose client went away; its statements were cancelled. */
const REQUEST_ABANDONED: Response = {
  status: 503,
  message: 'The request was abandoned by its client',
  type: 'request_abandoned',
  retryAfter: DATABASE_RETRY_AFTER_SECONDS,
};

/** SQLSTATEs of a server that is going away, starting, or out of connections. */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown (restart, pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
  '57014', // query_canceled (statement_timeout)
  '53300', // too_many_connections
]);

/** Socket errors on the way to the server. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** Messages of node-pg (client and pool) when a connection cannot be made or was lost. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // "... unexpectedly", "... due to connection timeout"
  /timeout exceeded when trying to connect/,
  /^timeout expired$/, // the client's own connect timeout (its socket destroyed)
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^Cannot use a pool after calling end on the pool/,
];

/**
 * The database is unreachable, going away or too slow (not the request's fault):
 * SQLSTATE class 08, shutdowns, statement timeouts, socket errors and node-pg's
 * own connection messages, here or on an error's `cause`.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string') {
    if (/^08[0-9A-Z]{3}$/.test(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
    if (UNAVAILABLE_SOCKET_CODES.has(code)) return true;
  }
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message)))
    return true;
  if (
    error instanceof AggregateError &&
    error.errors.some((e) => isDatabaseUnavailable(e, depth + 1))
  )
    return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/** PostgreSQL error classes a client's input can still reach (SQLSTATE prefixes). */
function fromDatabaseError(error: { code?: unknown; message?: unknown }): Response | undefined {
  if (error.code === 'ERR_QUERY_ABORTED') return REQUEST_ABANDONED;
  if (
    error.code === '57014' &&
    typeof error.message === 'string' &&
    error.message.includes('statement timeout')
  )
    return QUERY_TIMEOUT;
  if (isDatabaseUnavailable(error)) return DATABASE_UNAVAILABLE;
  const code = typeof error.code === 'string' ? error.code : '';
  if (code === '23505')
    return { status: 409, message: 'This record already exists', type: 'conflict' };
  if (code.startsWith('23') || code.startsWith('22')) {
    return {
      status: 400,
      message: 'The request contains an invalid value',
      type: 'invalid_request',
    };
  }
  return undefined;
}

function toResponse(error: FastifyError | AppError | Error): Response {
  if (error instanceof AppError) {
    return {
      status: error.statusCode,
      message: error.message,
      type: error.type,
      issues: error.issues,
      permission: error.permission,
    };
  }
  const code = (error as FastifyError).code;
  const known = code ? FRAMEWORK_MESSAGES[code] : undefined;
  if (known) return { status: known.status, message: known.message, type: known.type };
  const status = (error as FastifyError).statusCode;
  if (status === 429) return { status, message: error.message, type: 'rate_limited' };
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Body-parser syntax errors carry the parser's message; keep it generic.
    if (error instanceof SyntaxError)
      return { status: 400, message: 'Malformed JSON in request body', type: 'invalid_json' };
    return { status, message: error.message || 'Bad request', type: 'invalid_request' };
  }
  return (
    fromDatabaseError(error as { code?: unknown }) ?? {
      status: 500,
      message: 'Internal Server Error',
      type: 'internal_error',
    }
  );
}

function describe(error: unknown): string {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return [code, message].filter((part) => typeof part === 'string' && part).join(': ');
}

/**
 * One error contract for every route: JSON `{ message, type?, issues? }`.
 * 5xx answers never carry stack traces, SQL or driver messages.
 */
export default fp(
  async function errorHandler(fastify: FastifyInstance) {
    fastify.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      const { status, retryAfter, ...body } = toResponse(error);
      if (retryAfter !== undefined) {
        // Expected while the database restarts: one warning line, no stack dump per request.
        request.log.warn({ status, type: body.type, reason: describe(error) }, body.message);
        reply.header('retry-after', String(retryAfter));
      } else if (status >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ status, type: body.type }, body.message);
      return reply.status(status).send(body);
    });

    fastify.setNotFoundHandler((request, reply) =>
      reply.status(404).send({
        message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
        type: 'not_found',
      }),
    );
  },
  { name: 'error-handler' },
);
