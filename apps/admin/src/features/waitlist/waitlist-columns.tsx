import type { WaitlistEntry, WaitlistSortField } from '@repo/api-client';
import { Badge, Button } from '@repo/ui';
import type { ColumnDef } from '@tanstack/react-table';
import { formatCompany, formatDate } from '@/lib/format';
import { emailCell } from '@/components/email-text';
import { WaitlistRowActions } from './row-actions-menu';

export type WaitlistAction = { kind: 'approve' | 'update'; entry: WaitlistEntry };

/** Issue 11: what the row's other buttons ask for. */
export interface WaitlistRowHandlers {
  onAction: (action: WaitlistAction) => void;
  onDelete: (entry: WaitlistEntry) => void;
  onResendConfirmation: (entry: WaitlistEntry) => void;
  onShowReferrals: (entry: WaitlistEntry) => void;
  /** The entry whose confirmation is being resent, if any. */
  resendingId: string | null;
}

function ConfirmationBadge({ entry }: { entry: WaitlistEntry }) {
  return (
    <div className="flex flex-wrap gap-1">
      {entry.confirmedAt ? (
        <Badge variant="secondary">Confirmed</Badge>
      ) : (
        <Badge variant="outline">Unconfirmed</Badge>
      )}
      {entry.invitationExpiredAt ? (
        <Badge
          variant="outline"
          title={`Invitation expired ${formatDate(entry.invitationExpiredAt)}`}
        >
          Invitation expired
        </Badge>
      ) : null}
    </div>
  );
}

function optional(value: string | null): string {
  return value?.trim() ? value : '—';
}

/**
 * The columns that sort: the API's sortBy fields. Written here rather than taken
 * from @repo/validation, whose zod schemas would join the console's first load
 * (issue 13's budget); the type keeps it to fields the API takes.
 */
export const WAITLIST_SORTABLE = [
  'firstName',
  'lastName',
  'email',
  'companyName',
  'position',
  'referralCount',
  'createdAt',
] as const satisfies readonly WaitlistSortField[];

/**
 * Column ids equal the API's sortBy fields, so react-table's sorting state is
 * sent to the server as is.
 */
export function waitlistColumns({
  onAction,
  onDelete,
  onResendConfirmation,
  onShowReferrals,
  resendingId,
}: WaitlistRowHandlers): ColumnDef<WaitlistEntry>[] {
  return [
    { id: 'firstName', accessorKey: 'firstName', header: 'First name' },
    { id: 'lastName', accessorKey: 'lastName', header: 'Last name' },
    {
      id: 'email',
      accessorKey: 'email',
      header: 'Email',
      cell: emailCell,
    },
    {
      id: 'companyName',
      accessorKey: 'companyName',
      header: 'Company',
      cell: ({ row }) => formatCompany(row.original.companyName),
    },
    {
      id: 'monthlyContentVolume',
      accessorKey: 'monthlyContentVolume',
      header: 'Monthly volume',
      enableSorting: false,
      cell: ({ row }) => optional(row.original.monthlyContentVolume),
    },
    {
      id: 'biggestChallenge',
      accessorKey: 'biggestChallenge',
      header: 'Biggest challenge',
      enableSorting: false,
      cell: ({ row }) => optional(row.original.biggestChallenge),
    },
    {
      id: 'primaryUse',
      accessorKey: 'primaryUse',
      header: 'Primary use',
      enableSorting: false,
    },
    {
      id: 'userType',
      accessorKey: 'userType',
      header: 'User type',
      enableSorting: false,
      cell: ({ row }) => optional(row.original.userType),
    },
    {
      id: 'state',
      header: 'State',
      enableSorting: false,
      cell: ({ row }) => <ConfirmationBadge entry={row.original} />,
    },
    {
      id: 'position',
      accessorKey: 'position',
      header: 'Position',
      sortDescFirst: false,
      cell: ({ row }) =>
        row.original.position === null ? '—' : `#${row.original.position.toLocaleString('en-US')}`,
    },
    {
      id: 'referralCount',
      accessorKey: 'referralCount',
      header: 'Referrals',
      sortDescFirst: true,
      cell: ({ row }) => {
        const entry = row.original;
        return (
          <Button
            size="sm"
            variant="link"
            className="h-auto p-0"
            onClick={() => onShowReferrals(entry)}
            aria-label={`${entry.referralCount} ${entry.referralCount === 1 ? 'referral' : 'referrals'} of ${entry.firstName} ${entry.lastName}`}
          >
            {entry.referralCount}
          </Button>
        );
      },
    },
    {
      id: 'createdAt',
      accessorKey: 'createdAt',
      header: 'Joined',
      cell: ({ row }) => (
        <span className="whitespace-nowrap">{formatDate(row.original.createdAt)}</span>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      enableSorting: false,
      enableHiding: false,
      // Issue 32: the primary action as a button, the others in the row's menu; each
      // only for a role that may take it (issue 19).
      cell: ({ row }) => (
        <WaitlistRowActions
          entry={row.original}
          handlers={{ onAction, onDelete, onResendConfirmation, onShowReferrals, resendingId }}
        />
      ),
    },
  ];
}
