import type { AnalyticsOptOutPage } from '@repo/api-client';
import { useQuery } from '@tanstack/react-query';

export const OPT_OUT_PAGE_PATH = '/api/admin/analytics-opt-out';

/** Where the site's analytics opt-out page is (the API knows PUBLIC_SITE_URL). */
export function useOptOutPage() {
  return useQuery<AnalyticsOptOutPage>({ queryKey: [OPT_OUT_PAGE_PATH] });
}
