import { keepPreviousData } from '@tanstack/react-query';
import { QUERY_PATHS } from '@/lib/query-paths';
import { useApiQuery } from '@/lib/use-api-query';

export const DASHBOARD_DAYS = 30;
/** Spec section 9: the dashboard is refetched every 30000 ms. */
const DASHBOARD_REFETCH_MS = 30_000;

/** The dashboard's period as query parameters: `{ days }` or a custom `{ from, to }` (issue 12). */
export type DashboardParams = { days: number } | { from: string; to: string };

export function useDashboard(
  params: DashboardParams = { days: DASHBOARD_DAYS },
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useApiQuery(QUERY_PATHS.dashboard, params, {
    enabled,
    refetchInterval: DASHBOARD_REFETCH_MS,
    // A new period shows the last one's figures until its own arrive.
    placeholderData: keepPreviousData,
  });
}
