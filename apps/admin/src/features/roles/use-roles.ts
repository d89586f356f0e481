import { QUERY_PATHS } from '@/lib/query-paths';
import { useApiQuery } from '@/lib/use-api-query';

/** GET /api/admin/roles: the roles with their permissions and how many accounts hold each. */
export function useRoles({ enabled = true }: { enabled?: boolean } = {}) {
  return useApiQuery(QUERY_PATHS.roles, undefined, { enabled });
}
