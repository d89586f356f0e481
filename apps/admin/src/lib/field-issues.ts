import { ApiError } from '@repo/api-client';

/** The first server issue per field of a 400 answer (`{ issues: [{ path | field, message }] }`). */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!(error instanceof ApiError)) return errors;
  for (const issue of error.body?.issues ?? []) {
    const field = issue.field ?? issue.path;
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}
