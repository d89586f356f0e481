import { QUERY_PATHS } from '@/lib/query-paths';
import { useApiQuery } from '@/lib/use-api-query';

/** `enabled: false` for a role that may not read the beta (issue 19): nothing is asked. */
export function useParticipants({ enabled = true }: { enabled?: boolean } = {}) {
  return useApiQuery(QUERY_PATHS.participants, undefined, { enabled });
}
