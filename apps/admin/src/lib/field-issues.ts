import { ApiError } from '@repo/api-client';

/** The first server issue per field of a 400 answer (`{ issues: [{ path, message }] }`). */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!(error instanceof ApiError)) return errors;
  for (const issue of error.body?.issues ?? []) {
    // The contract names the field in `path`; a `field` key (not in the API's
    // errorBodySchema, but sent by older answers and the console's tests) still wins.
    const named = 'field' in issue && typeof issue.field === 'string' ? issue.field : undefined;
    const field = named ?? issue.path;
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}
