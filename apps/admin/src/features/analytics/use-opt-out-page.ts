import { QUERY_PATHS } from '@/lib/query-paths';
import { useApiQuery } from '@/lib/use-api-query';

/** Where the site's analytics opt-out page is (the API knows PUBLIC_SITE_URL). */
export function useOptOutPage() {
  return useApiQuery(QUERY_PATHS.analyticsOptOut);
}
