import { ApiError } from '@repo/api-client';

/** The first server issue per field of a 400 answer (`{ issues: [{ path, message }] }`). */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!(error instanceof ApiError)) return errors;
  for (const issue of error.body?.issues ?? []) {
    // The contract (errorBodySchema) names the field in `path`.
    if (issue.path && !(issue.path in errors)) errors[issue.path] = issue.message;
  }
  return errors;
}
