import type { StaffAccount } from '@repo/api-client';
import { Badge, Button } from '@repo/ui';
import type { ColumnDef } from '@tanstack/react-table';
import { useSession } from '@/features/auth/session-context';
import { formatCount, formatDate } from '@/lib/format';
import { AccountStatusBadge } from './account-status-badge';
import { emailCell } from '@/components/email-text';
import { useActingOn } from './use-acting-on';

export type StaffAction = {
  kind: 'sessions' | 'disable' | 'enable' | 'delete' | 'role' | 'reset_two_factor';
  account: StaffAccount;
};

function AccountActions({
  account,
  onAction,
}: {
  account: StaffAccount;
  onAction: (action: StaffAction) => void;
}) {
  const { user } = useSession();
  const { mayActOnRole, mayResetTwoFactor } = useActingOn();
  const isSelf = account.id === user?.id;
  // Issue 31: what the API would refuse (an account whose role holds more) is not offered.
  const mayAct = mayActOnRole(account.role.id);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        size="sm"
        variant="outline"
        onClick={() => onAction({ kind: 'sessions', account })}
        aria-label={`Sessions of ${account.username}`}
      >
        Sessions
      </Button>
      {isSelf ? (
        // The API refuses to disable the signed-in account (409 cannot_disable_self).
        <Badge variant="secondary">You</Badge>
      ) : !mayAct ? null : account.status === 'disabled' ? (
        <Button
          size="sm"
          variant="outline"
          onClick={() => onAction({ kind: 'enable', account })}
          aria-label={`Enable ${account.username}`}
        >
          Enable
        </Button>
      ) : account.status === 'pending' ? (
        // Issue 19: a pending account only becomes active through its emailed link;
        // staff may remove it (never disable, then enable it).
        <Button
          size="sm"
          variant="destructive"
          onClick={() => onAction({ kind: 'delete', account })}
          aria-label={`Delete ${account.username}`}
        >
          Delete
        </Button>
      ) : (
        <>
          {/* Issue 19: for a colleague who lost their second factor (not one's own); an Owner's by an Owner. */}
          {mayResetTwoFactor(account) ? (
            <Button
              size="sm"
              variant="outline"
              onClick={() => onAction({ kind: 'reset_two_factor', account })}
              aria-label={`Reset two-factor sign-in of ${account.username}`}
            >
              Reset two-factor
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="destructive"
            onClick={() => onAction({ kind: 'disable', account })}
            aria-label={`Disable ${account.username}`}
          >
            Disable
          </Button>
        </>
      )}
    </div>
  );
}

/** The account's role, and Change where the signed-in role may act on it (issue 31). */
function RoleCell({
  account,
  onAction,
}: {
  account: StaffAccount;
  onAction: (action: StaffAction) => void;
}) {
  const { mayActOnRole } = useActingOn();
  return (
    <span className="flex items-center gap-1 whitespace-nowrap">
      {account.role.name}
      {mayActOnRole(account.role.id) ? (
        <Button
          size="sm"
          variant="link"
          className="h-auto px-1 py-0"
          onClick={() => onAction({ kind: 'role', account })}
          aria-label={`Change role of ${account.username}`}
        >
          Change
        </Button>
      ) : null}
    </span>
  );
}

export function staffColumns(onAction: (action: StaffAction) => void): ColumnDef<StaffAccount>[] {
  return [
    { id: 'name', accessorKey: 'name', header: 'Name' },
    { id: 'username', accessorKey: 'username', header: 'Username' },
    { id: 'email', accessorKey: 'email', header: 'Email', cell: emailCell },
    {
      id: 'role',
      header: 'Role',
      accessorFn: (account) => account.role.name,
      // Issue 19: the API refuses a change that would leave no active Owner.
      cell: ({ row }) => <RoleCell account={row.original} onAction={onAction} />,
    },
    {
      id: 'status',
      accessorKey: 'status',
      header: 'Status',
      cell: ({ row }) => <AccountStatusBadge status={row.original.status} />,
    },
    {
      id: 'activeSessions',
      accessorKey: 'activeSessions',
      header: 'Active sessions',
      cell: ({ row }) => (
        <span className="tabular-nums">{formatCount(row.original.activeSessions)}</span>
      ),
    },
    {
      id: 'createdAt',
      accessorKey: 'createdAt',
      header: 'Created',
      cell: ({ row }) => (
        <span className="whitespace-nowrap">{formatDate(row.original.createdAt)}</span>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      enableSorting: false,
      cell: ({ row }) => <AccountActions account={row.original} onAction={onAction} />,
    },
  ];
}
