import type { AnalyticsDashboard } from '@repo/api-client';
import { useQuery } from '@tanstack/react-query';
import { QUERY_PATHS } from '@/lib/query-paths';

export const DASHBOARD_DAYS = 30;
/** Spec section 9: the dashboard is refetched every 30000 ms. */
export const DASHBOARD_REFETCH_MS = 30_000;

export function useDashboard() {
  return useQuery<AnalyticsDashboard>({
    queryKey: [QUERY_PATHS.dashboard, { days: DASHBOARD_DAYS }],
    refetchInterval: DASHBOARD_REFETCH_MS,
  });
}
