import type { StaffInvitation } from '@repo/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table';
import { api } from '@/lib/api';
import { notifyFailure, notifySuccess } from '@/lib/notify';
import { QUERY_PATHS } from '@/lib/query-paths';
import { useApiQuery } from '@/lib/use-api-query';
import { invitationColumns } from './invitation-columns';
import { useActingOn } from './use-acting-on';

export const OPEN_INVITATIONS_TEXT = {
  title: 'Open invitations',
  empty: 'No open invitations.',
  revokeTitle: 'Revoke invitation',
  revoke: 'Revoke',
  revoked: 'Invitation revoked',
  failed: 'Invitation not revoked',
} as const;

export const revokeConfirmation = (invitation: StaffInvitation) =>
  `Revoke the invitation of ${invitation.email} as ${invitation.role.name}? Its link stops working at once.`;

const NO_INVITATIONS: StaffInvitation[] = [];

/** Issue 31: the invitations not yet accepted, with Revoke (after a confirmation). */
export function OpenInvitations() {
  const queryClient = useQueryClient();
  const invitations = useApiQuery(QUERY_PATHS.invitations, undefined, { refetchOnMount: 'always' });
  const { mayActOnRole } = useActingOn();
  const [revoking, setRevoking] = useState<StaffInvitation | null>(null);
  const revoke = useMutation({
    mutationFn: (invitation: StaffInvitation) => api.admin.accounts.revokeInvitation(invitation.id),
    onSuccess: (_result, invitation) => {
      notifySuccess(
        OPEN_INVITATIONS_TEXT.revoked,
        `${invitation.email} can no longer use the link.`,
      );
      void queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.invitations] });
      void queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.auditLog] });
    },
    onError: (error) => notifyFailure(OPEN_INVITATIONS_TEXT.failed, error),
  });
  const columns = useMemo(
    () => invitationColumns((invitation) => mayActOnRole(invitation.role.id), setRevoking),
    [mayActOnRole],
  );
  const table = useReactTable({
    data: invitations.data?.invitations ?? NO_INVITATIONS,
    columns,
    getRowId: (row) => row.id,
    getCoreRowModel: getCoreRowModel(),
    enableSorting: false,
  });

  return (
    <div className="grid min-w-0 grid-cols-1 gap-2">
      <h3 className="text-sm font-medium">{OPEN_INVITATIONS_TEXT.title}</h3>
      <DataTable
        table={table}
        caption={OPEN_INVITATIONS_TEXT.title}
        isLoading={invitations.isPending}
        error={invitations.error}
        onRetry={() => void invitations.refetch()}
        emptyMessage={OPEN_INVITATIONS_TEXT.empty}
        skeletonRows={1}
      />
      <ConfirmDialog
        open={Boolean(revoking)}
        title={OPEN_INVITATIONS_TEXT.revokeTitle}
        description={revoking ? revokeConfirmation(revoking) : null}
        confirmLabel={OPEN_INVITATIONS_TEXT.revoke}
        onClose={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate(revoking)}
      />
    </div>
  );
}
