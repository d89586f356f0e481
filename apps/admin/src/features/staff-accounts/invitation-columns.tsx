import type { StaffInvitation } from '@repo/api-client';
import { Button } from '@repo/ui';
import type { ColumnDef } from '@tanstack/react-table';
import { emailCell } from '@/components/email-text';
import { formatDateTime } from '@/lib/format';

/** The open invitations' columns (issue 31); Revoke only where `mayRevoke` says so. */
export function invitationColumns(
  mayRevoke: (invitation: StaffInvitation) => boolean,
  onRevoke: (invitation: StaffInvitation) => void,
): ColumnDef<StaffInvitation>[] {
  return [
    { id: 'email', accessorKey: 'email', header: 'Address', cell: emailCell },
    { id: 'role', header: 'Role', accessorFn: (invitation) => invitation.role.name },
    {
      id: 'invitedBy',
      header: 'Invited by',
      accessorFn: (invitation) => invitation.invitedBy?.username ?? 'A removed account',
    },
    {
      id: 'expiresAt',
      accessorKey: 'expiresAt',
      header: 'Expires',
      cell: ({ row }) => (
        <span className="whitespace-nowrap">{formatDateTime(row.original.expiresAt)}</span>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) =>
        mayRevoke(row.original) ? (
          <Button
            size="sm"
            variant="destructive"
            onClick={() => onRevoke(row.original)}
            aria-label={`Revoke the invitation of ${row.original.email}`}
          >
            Revoke
          </Button>
        ) : null,
    },
  ];
}
