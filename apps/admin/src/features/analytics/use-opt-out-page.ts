import type { AnalyticsOptOutPage } from '@repo/api-client';
import { useQuery } from '@tanstack/react-query';
import { QUERY_PATHS } from '@/lib/query-paths';

/** Where the site's analytics opt-out page is (the API knows PUBLIC_SITE_URL). */
export function useOptOutPage() {
  return useQuery<AnalyticsOptOutPage>({ queryKey: [QUERY_PATHS.analyticsOptOut] });
}
