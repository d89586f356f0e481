import type {
  Page,
  SortOrder,
  WaitlistEntry,
  WaitlistSortField,
  WaitlistState,
} from '@repo/api-client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { QUERY_PATHS } from '@/lib/query-paths';

export interface WaitlistQuery {
  page: number;
  pageSize: number;
  sortBy: WaitlistSortField;
  sortOrder: SortOrder;
  search: string;
  state?: WaitlistState;
}

/**
 * One page of the waitlist, paged, sorted and searched by the server so the
 * table stays fast with 100,000 entries; the previous page stays on screen
 * while the next one loads.
 */
export function useWaitlist(query: WaitlistQuery) {
  return useQuery<Page<WaitlistEntry>>({
    queryKey: [QUERY_PATHS.waitlist, { ...query }],
    placeholderData: keepPreviousData,
  });
}
