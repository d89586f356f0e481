import type { BetaParticipantList } from '@repo/api-client';
import { useQuery } from '@tanstack/react-query';
import { QUERY_PATHS } from '@/lib/query-paths';

export function useParticipants() {
  return useQuery<BetaParticipantList>({ queryKey: [QUERY_PATHS.participants] });
}
