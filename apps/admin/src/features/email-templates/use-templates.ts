import { QUERY_PATHS } from '@/lib/query-paths';
import { useApiQuery } from '@/lib/use-api-query';

export function useTemplates() {
  return useApiQuery(QUERY_PATHS.templates);
}
