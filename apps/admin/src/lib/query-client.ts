import { pathWithParams, type QueryParams } from '@repo/api-client';
import { type QueryFunctionContext, QueryClient } from '@tanstack/react-query';
import { http } from './api';

/** Re-exported: the query keys' paths are built by the client's helper. */
export { pathWithParams };

/**
 * Spec section 7: the default fetch takes its path from the query key,
 * `[path, params?]`, and treats a 401 as an error (spec section 6). It passes
 * the query's signal on, so a cancelled query (a list left, a sign-out) aborts
 * its request and the API its database work.
 */
async function fetchFromQueryKey({ queryKey, signal }: QueryFunctionContext): Promise<unknown> {
  const [path, params] = queryKey as [string, QueryParams | undefined];
  return http.get<unknown>(pathWithParams(path, params), { signal });
}

/**
 * Spec section 4 (data loading): no retries, no refetch on window focus, and
 * data never goes stale by itself; mutations invalidate what they change.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: fetchFromQueryKey,
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}
