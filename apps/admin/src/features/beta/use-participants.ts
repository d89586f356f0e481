import { QUERY_PATHS } from '@/lib/query-paths';
import { useApiQuery } from '@/lib/use-api-query';

export function useParticipants() {
  return useApiQuery(QUERY_PATHS.participants);
}
