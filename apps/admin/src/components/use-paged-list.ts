import type { JsonReadPath, ReadQuery, ReadResponse } from '@repo/api-client';
import { keepPreviousData } from '@tanstack/react-query';
import { type ApiQueryOptions, useApiQuery } from '@/lib/use-api-query';
import { useUrlPagination } from './use-url-list-state';

type PagedPathOf<P> = P extends JsonReadPath
  ? [ReadQuery<P>] extends [never]
    ? never
    : 'page' extends keyof ReadQuery<P>
      ? P
      : never
  : never;
/** The lists the API pages: their query string takes `page` and `pageSize`. */
type PagedPath = PagedPathOf<JsonReadPath>;

/** What narrows a paged list (filters, search, sort): its query string but the page. */
type ListFilters<P extends PagedPath> = Omit<ReadQuery<P>, 'page' | 'pageSize'>;

/**
 * One page of a list the API pages, with the page state the table's controls
 * change, kept in the address (`page`, `pageSize`; a new filter, search or sort
 * set through use-url-list-state starts again from page 1). The previous page
 * stays on screen while the next one loads. The query key is
 * `[path, { page, pageSize, ...filters }]`, so invalidating `[path]` reloads it.
 */
export function usePagedList<P extends PagedPath, TData = ReadResponse<P>>(
  path: P,
  filters: ListFilters<P>,
  { pageSize, ...options }: ApiQueryOptions<P, TData> & { pageSize: number },
) {
  const [current, onPaginationChange] = useUrlPagination(pageSize);
  const params = { page: current.pageIndex + 1, pageSize: current.pageSize, ...filters };
  const query = useApiQuery(path, params as ReadQuery<P>, {
    placeholderData: keepPreviousData,
    ...options,
  });
  return { query, paging: { page: query.data, pagination: current, onPaginationChange } };
}
