import type { SurveyInsight } from '@repo/api-client';
import { useQuery } from '@tanstack/react-query';
import { QUERY_PATHS } from '@/lib/query-paths';

/** Completion, drop-off and results of the beta survey (all time). */
export function useSurveyInsight() {
  return useQuery<SurveyInsight>({
    queryKey: [QUERY_PATHS.surveyInsight],
    // New answers arrive while the tab is closed: show the latest when it opens.
    refetchOnMount: 'always',
  });
}
