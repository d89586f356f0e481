import type { ReadResponse } from '@repo/api-client';
import { keepPreviousData, type Query, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/api';
import { pathWithParams } from '@/lib/query-client';
import { QUERY_PATHS } from '@/lib/query-paths';

export const DASHBOARD_DAYS = 30;
/** Spec section 9: the dashboard is refetched every 30000 ms. */
const DASHBOARD_REFETCH_MS = 30_000;

/** The dashboard's period as query parameters: `{ days }` or a custom `{ from, to }` (issue 12). */
export type DashboardParams = { days: number } | { from: string; to: string };

type Dashboard = ReadResponse<typeof QUERY_PATHS.dashboard>;

/**
 * Issue 32: the next automatic refresh is counted from the end of the last
 * load, never while one runs: a slow dashboard is not asked for again on top of
 * itself (no interval while fetching).
 */
function dashboardRefetchInterval(query: Query<Dashboard>): number | false {
  return query.state.fetchStatus === 'idle' ? DASHBOARD_REFETCH_MS : false;
}

export function useDashboard(
  params: DashboardParams = { days: DASHBOARD_DAYS },
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery<Dashboard>({
    queryKey: [QUERY_PATHS.dashboard, params],
    // The request is aborted when nobody shows the period any more (a new period, the
    // tab left): the API then cancels its queries (issue 32).
    queryFn: ({ signal }) =>
      http.get<Dashboard>(pathWithParams(QUERY_PATHS.dashboard, params), { signal }),
    enabled,
    refetchInterval: dashboardRefetchInterval,
    // A new period shows the last one's figures until its own arrive.
    placeholderData: keepPreviousData,
  });
}
