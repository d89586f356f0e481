import type { FieldIssue, Permission } from '@repo/validation';
import { missingPermissionMessage, toFieldIssues } from '@repo/validation';
import type { z } from 'zod';

/**
 * The one error type of the API. The error handler turns it into the JSON
 * contract `{ message, type?, issues? }` with its status.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly type?: string,
    readonly issues?: FieldIssue[],
    /** The permission a 403 `missing_permission` names (issue 19). */
    readonly permission?: Permission,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, type = 'invalid_request', issues?: FieldIssue[]) =>
  new AppError(400, message, type, issues);
export const unauthorized = (message = 'Authentication required') =>
  new AppError(401, message, 'unauthorized');
export const forbidden = (message: string, type = 'forbidden') => new AppError(403, message, type);
/** 403 of a route the caller's role or key lacks, naming what is missing. */
export const missingPermission = (permission: Permission) =>
  new AppError(
    403,
    missingPermissionMessage(permission),
    'missing_permission',
    undefined,
    permission,
  );
export const notFound = (message = 'Not found') => new AppError(404, message, 'not_found');
export const conflict = (message: string, type = 'conflict') => new AppError(409, message, type);

/** The 400 of input that fails its schema: the first issue's message, and every issue. */
export function validationError(error: z.ZodError): AppError {
  const issues = toFieldIssues(error);
  return badRequest(issues[0]?.message ?? 'Invalid input', 'validation_error', issues);
}

/** Parses `input` with `schema`, or throws a 400 carrying every field issue. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw validationError(result.error);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}
