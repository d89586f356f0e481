import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { TOAST } from '@/lib/messages';
import { notifyFailure, notifySuccess } from '@/lib/notify';
import { QUERY_PATHS } from '@/lib/query-paths';
import { useApiQuery } from '@/lib/use-api-query';

function invitedSentence(invited: number | undefined): string {
  if (!invited) return 'Freed seats go to the next confirmed people in the queue.';
  return `${invited} ${invited === 1 ? 'person was' : 'people were'} invited into the free seats.`;
}

/** Issue 11: the auto-fill switch (off by default), and turning it on or off. */
export function useAutoFill() {
  const queryClient = useQueryClient();
  const setting = useApiQuery(QUERY_PATHS.autoFill);
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => api.admin.settings.setAutoFill({ enabled }),
    onSuccess: (saved) => {
      queryClient.setQueryData([QUERY_PATHS.autoFill], saved);
      if (saved.enabled) notifySuccess(TOAST.autoFillOn, invitedSentence(saved.invited));
      else notifySuccess(TOAST.autoFillOff, 'Freed seats stay free until staff approve someone.');
      // Turning it on may have filled seats.
      void queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.participants] });
    },
    onError: (error) => notifyFailure(TOAST.updateFailed, error),
  });
  return { setting, toggle };
}
