import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DELETE_CONFIRMATION, TOAST } from '@/lib/messages';
import { notifyFailure, notifySuccess } from '@/lib/notify';
import { QUERY_PATHS } from '@/lib/query-paths';

/** What to delete: `remove` is the client's call that erases the entry, `label` names it in the dialog. */
export interface DeletionTarget {
  remove: () => Promise<unknown>;
  label: string;
}

interface DeleteEntryDialogProps {
  target: DeletionTarget | null;
  onClose: () => void;
  /** The list paths the deletion changes (the dashboard counts and the audit log always). */
  invalidates: string[];
}

/** The right to erasure for one row: asks first, then deletes it for good. */
export function DeleteEntryDialog({ target, onClose, invalidates }: DeleteEntryDialogProps) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (entry: DeletionTarget) => entry.remove(),
    onSuccess: (_result, entry) => {
      notifySuccess(TOAST.deleted, `Deleted ${entry.label}.`);
      for (const path of [...invalidates, QUERY_PATHS.dashboard, QUERY_PATHS.auditLog]) {
        void queryClient.invalidateQueries({ queryKey: [path] });
      }
    },
    onError: (error) => notifyFailure(TOAST.deletionFailed, error),
  });

  return (
    <ConfirmDialog
      open={Boolean(target)}
      title={`Delete ${target?.label ?? 'entry'}`}
      description={DELETE_CONFIRMATION}
      confirmLabel="Delete permanently"
      onClose={onClose}
      onConfirm={() => target && remove.mutate(target)}
    />
  );
}
