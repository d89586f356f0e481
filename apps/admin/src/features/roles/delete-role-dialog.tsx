import type { Role } from '@repo/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { api } from '@/lib/api';
import { TOAST } from '@/lib/messages';
import { notifyFailure, notifySuccess } from '@/lib/notify';
import { QUERY_PATHS } from '@/lib/query-paths';

export const deleteRoleConfirmation = (name: string) =>
  `Delete the role “${name}”? No account holds it. This cannot be undone.`;

/** Deletes an unused custom role, after asking (issue 19). */
export function DeleteRoleDialog({ role, onClose }: { role: Role | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (target: Role) => api.admin.roles.remove(target.id),
    onSuccess: (_result, target) => {
      notifySuccess(TOAST.roleDeleted, `“${target.name}” is deleted.`);
      void queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.roles] });
      void queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.auditLog] });
    },
    onError: (error) => notifyFailure(TOAST.deletionFailed, error),
  });

  return (
    <ConfirmDialog
      open={Boolean(role)}
      title={`Delete ${role ? `“${role.name}”` : 'role'}?`}
      description={role ? deleteRoleConfirmation(role.name) : ''}
      confirmLabel="Delete role"
      onClose={onClose}
      onConfirm={() => role && remove.mutate(role)}
    />
  );
}
