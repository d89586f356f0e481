import type { JsonReadPath, ReadQuery, ReadResponse } from '@repo/api-client';
import { keepPreviousData } from '@tanstack/react-query';
import type { OnChangeFn, PaginationState } from '@tanstack/react-table';
import { useState } from 'react';
import { type ApiQueryOptions, useApiQuery } from '@/lib/use-api-query';

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
 * change: a new filter, search or sort starts again from page 1, and the
 * previous page stays on screen while the next one loads. The query key is
 * `[path, { page, pageSize, ...filters }]`, so invalidating `[path]` reloads it.
 */
export function usePagedList<P extends PagedPath, TData = ReadResponse<P>>(
  path: P,
  filters: ListFilters<P>,
  { pageSize, ...options }: ApiQueryOptions<P, TData> & { pageSize: number },
) {
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize });

  // Adjusting state while rendering, not in an effect: this very render asks for page 1.
  const filtersKey = JSON.stringify(filters);
  const [filteredBy, setFilteredBy] = useState(filtersKey);
  let current = pagination;
  if (filteredBy !== filtersKey) {
    setFilteredBy(filtersKey);
    if (pagination.pageIndex !== 0) {
      current = { ...pagination, pageIndex: 0 };
      setPagination(current);
    }
  }

  const params = { page: current.pageIndex + 1, pageSize: current.pageSize, ...filters };
  const query = useApiQuery(path, params as ReadQuery<P>, {
    placeholderData: keepPreviousData,
    ...options,
  });
  const onPaginationChange: OnChangeFn<PaginationState> = setPagination;
  return { query, paging: { page: query.data, pagination: current, onPaginationChange } };
}
