import type { JsonReadPath, ReadQuery, ReadResponse } from '@repo/api-client';
import {
  type DefaultError,
  type UseQueryOptions,
  type UseQueryResult,
  useQuery,
} from '@tanstack/react-query';

/** A read's options but its key and fetch, which its path decides. */
export type ApiQueryOptions<P extends JsonReadPath, TData = ReadResponse<P>> = Omit<
  UseQueryOptions<ReadResponse<P>, DefaultError, TData>,
  'queryKey' | 'queryFn'
>;

/**
 * Reads a path of the API, `params` as its query string, through the default
 * fetch (query-client.ts): the data's type follows the path, so no feature
 * writes a response type. The key is `[path]` or `[path, params]`: a mutation
 * invalidates every page and filter of a list by its path alone.
 */
export function useApiQuery<P extends JsonReadPath, TData = ReadResponse<P>>(
  path: P,
  params?: ReadQuery<P>,
  options?: ApiQueryOptions<P, TData>,
): UseQueryResult<TData> {
  return useQuery<ReadResponse<P>, DefaultError, TData>({
    ...options,
    queryKey: params === undefined ? [path] : [path, params],
  });
}
