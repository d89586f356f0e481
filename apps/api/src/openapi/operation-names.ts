/**
 * The `operationId` of a route (issue 33), from its method and path alone, so a new
 * route gets one without anyone choosing it and an existing one never changes while
 * its route does not: client generators name their methods by it.
 *
 * The words are the path's fixed segments after `/api`, in camelCase (parameters add
 * none), then a verb from the method:
 * - GET: none for a collection or a document (`GET /api/admin/waitlist/export`:
 *   `adminWaitlistExport`), `Get` when the path ends in a parameter
 *   (`GET /api/admin/posts/:id`: `adminPostsGet`);
 * - POST: `Create` when the route answers 201 (`POST /api/waitlist`: `waitlistCreate`),
 *   else none: the path names the action (`POST /api/admin/posts/:id/publish`:
 *   `adminPostsPublish`);
 * - PUT: `Set`; PATCH: `Update`; DELETE: `Delete`.
 *
 * A route whose name would read wrong, or clash with another's, declares its own
 * (`schema.operationId`); test/plugins/openapi.test.ts fails when two operations share
 * one or one has none.
 */
const VERBS: Record<string, string> = { PUT: 'Set', PATCH: 'Update', DELETE: 'Delete' };

export function operationIdFor(
  method: string,
  url: string,
  statuses: readonly string[] = [],
): string {
  const segments = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean);
  const words = segments
    .filter((segment) => !segment.startsWith(':'))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  const endsInParameter = segments.at(-1)?.startsWith(':') ?? false;
  const upper = method.toUpperCase();
  const verb =
    upper === 'GET'
      ? endsInParameter
        ? 'Get'
        : ''
      : upper === 'POST'
        ? statuses.includes('201')
          ? 'Create'
          : ''
        : (VERBS[upper] ?? upper.toLowerCase());
  return [...words, verb]
    .filter(Boolean)
    .map((word, index) =>
      index === 0
        ? word.charAt(0).toLowerCase() + word.slice(1)
        : word.charAt(0).toUpperCase() + word.slice(1),
    )
    .join('');
}

/** A readable stand-in for a route that declares no summary: `adminWaitlistExport` → "Admin waitlist export". */
export function summaryFromOperationId(operationId: string): string {
  const words = operationId.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
