import { QUERY_PATHS } from '@/lib/query-paths';
import { useApiQuery } from '@/lib/use-api-query';

/** Completion, drop-off and results of the beta survey (all time). */
export function useSurveyInsight() {
  return useApiQuery(QUERY_PATHS.surveyInsight, undefined, {
    // New answers arrive while the tab is closed: show the latest when it opens.
    refetchOnMount: 'always',
  });
}
