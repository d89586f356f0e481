import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors';

interface ErrorBody {
  message: string;
  type?: string;
  issues?: { path: string; message: string }[];
}

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

/** PostgreSQL error classes a client's input can still reach (SQLSTATE prefixes). */
function fromDatabaseError(error: {
  code?: unknown;
}): (ErrorBody & { status: number }) | undefined {
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

function toResponse(error: FastifyError | AppError | Error): ErrorBody & { status: number } {
  if (error instanceof AppError) {
    return {
      status: error.statusCode,
      message: error.message,
      type: error.type,
      issues: error.issues,
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

/**
 * One error contract for every route: JSON `{ message, type?, issues? }`.
 * 5xx answers never carry stack traces, SQL or driver messages.
 */
export default fp(
  async function errorHandler(fastify: FastifyInstance) {
    fastify.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      const { status, ...body } = toResponse(error);
      if (status >= 500) request.log.error({ err: error }, 'request failed');
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
