import type { WaitlistEntry, WaitlistSortField } from '@repo/api-client';
import { Badge, Button } from '@repo/ui';
import type { ColumnDef } from '@tanstack/react-table';
import { formatCompany, formatDate } from '@/lib/format';
import { PersonHistoryLink } from '@/features/people/person-link';
import { Can } from '@/lib/permissions';
import { emailCell } from '@/components/email-text';

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
      cell: ({ row }) => {
        const entry = row.original;
        const name = `${entry.firstName} ${entry.lastName}`;
        // Issue 19: each action only for a role that may take it.
        const timeline = (
          <Can permission="people:read">
            <PersonHistoryLink email={entry.email} name={name} />
          </Can>
        );
        const deleteButton = (
          <Can permission="waitlist:write">
            <Button
              size="sm"
              variant="ghost"
              className="text-destructive hover:text-destructive"
              onClick={() => onDelete(entry)}
              aria-label={`Delete ${name}`}
            >
              Delete
            </Button>
          </Can>
        );
        if (entry.participantId) {
          return (
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant="secondary">In beta</Badge>
              {timeline}
              {deleteButton}
            </div>
          );
        }
        return (
          <div className="flex flex-wrap gap-2">
            <Can permission="beta:approve">
              <Button
                size="sm"
                onClick={() => onAction({ kind: 'approve', entry })}
                aria-label={`Approve for Beta: ${name}`}
              >
                Approve for Beta
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={() => onAction({ kind: 'update', entry })}
                aria-label={`Hang Tight update for ${name}`}
              >
                Hang Tight
              </Button>
            </Can>
            {entry.confirmedAt ? null : (
              <Can permission="waitlist:write">
                <Button
                  size="sm"
                  variant="outline"
                  disabled={resendingId === entry.id}
                  onClick={() => onResendConfirmation(entry)}
                  aria-label={`Resend confirmation to ${name}`}
                >
                  Resend confirmation
                </Button>
              </Can>
            )}
            {timeline}
            {deleteButton}
          </div>
        );
      },
    },
  ];
}
