import { type QueryFunctionContext, QueryClient } from '@tanstack/react-query';
import { api } from './api';

export type QueryParams = Record<string, string | number | undefined>;

/** '/api/x' + { page: 1, search: '' } -> '/api/x?page=1' (empty values are left out). */
export function pathWithParams(path: string, params?: QueryParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * Spec section 7: the default fetch takes its path from the query key,
 * `[path, params?]`, and treats a 401 as an error (spec section 6).
 */
async function fetchFromQueryKey({ queryKey }: QueryFunctionContext): Promise<unknown> {
  const [path, params] = queryKey as [string, QueryParams | undefined];
  return api.get<unknown>(pathWithParams(path, params));
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
