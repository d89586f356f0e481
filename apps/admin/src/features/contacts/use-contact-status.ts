import type { ContactMessage } from '@repo/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { QUERY_PATHS } from '@/lib/query-paths';

export interface ContactStatusChange {
  id: string;
  status: ContactMessage['status'];
}

export function useContactStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: ContactStatusChange) =>
      api.admin.contacts.setStatus(id, { status }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.contacts] }),
  });
}
