import type { BetaParticipant } from '@repo/api-client';
import { Badge, Button } from '@repo/ui';
import type { ColumnDef } from '@tanstack/react-table';
import { formatDate, formatDateTime, formatLastActive } from '@/lib/format';
import { PersonHistoryLink } from '@/features/people/person-link';
import { Can } from '@/lib/permissions';
import { emailCell } from '@/components/email-text';

export interface ParticipantActions {
  onToggleStatus: (participant: BetaParticipant) => void;
  onResendInvite: (participant: BetaParticipant) => void;
  /** The participant whose action is in flight, if any. */
  busyId: string | null;
}

/** Issue 11: an invitation holds a seat until it is accepted or lapses. */
function StatusBadge({ participant }: { participant: BetaParticipant }) {
  const { status, invitationExpiresAt } = participant;
  if (status === 'active') return <Badge variant="success">Active</Badge>;
  if (status === 'inactive') return <Badge variant="outline">Inactive</Badge>;
  const lapsed = invitationExpiresAt !== null && Date.parse(invitationExpiresAt) <= Date.now();
  return (
    <span className="grid justify-items-start gap-1">
      <Badge variant={lapsed ? 'destructive' : 'secondary'}>
        {lapsed ? 'Invitation lapsed' : 'Invited'}
      </Badge>
      {invitationExpiresAt && !lapsed ? (
        <span className="whitespace-nowrap text-xs text-muted-foreground">
          until {formatDateTime(invitationExpiresAt)}
        </span>
      ) : null}
    </span>
  );
}

export function participantColumns(actions: ParticipantActions): ColumnDef<BetaParticipant>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      accessorFn: (row) => `${row.firstName} ${row.lastName}`,
    },
    {
      id: 'email',
      accessorKey: 'email',
      header: 'Email',
      cell: emailCell,
    },
    {
      id: 'status',
      accessorKey: 'status',
      header: 'Status',
      cell: ({ row }) => <StatusBadge participant={row.original} />,
    },
    {
      id: 'invitedAt',
      accessorKey: 'invitedAt',
      header: 'Invited',
      cell: ({ row }) => (
        <span className="whitespace-nowrap">{formatDate(row.original.invitedAt)}</span>
      ),
    },
    {
      id: 'lastActiveAt',
      accessorKey: 'lastActiveAt',
      header: 'Last active',
      sortUndefined: 'last',
      cell: ({ row }) => (
        <span className="whitespace-nowrap">{formatLastActive(row.original.lastActiveAt)}</span>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      enableSorting: false,
      enableHiding: false,
      cell: ({ row }) => {
        const participant = row.original;
        const name = `${participant.firstName} ${participant.lastName}`;
        const busy = actions.busyId === participant.id;
        const isActive = participant.status === 'active';
        return (
          <div className="flex flex-wrap gap-2">
            {/* Issue 19: activating, deactivating and inviting need beta:approve. */}
            <Can permission="beta:approve">
              {/* An invitation becomes active through its link, and frees its seat when it lapses. */}
              {participant.status === 'invited' ? null : (
                <Button
                  size="sm"
                  variant={isActive ? 'outline' : 'default'}
                  disabled={busy}
                  onClick={() => actions.onToggleStatus(participant)}
                  aria-label={`${isActive ? 'Deactivate' : 'Activate'} ${name}`}
                >
                  {isActive ? 'Deactivate' : 'Activate'}
                </Button>
              )}
              <Button
                size="sm"
                variant="ghost"
                disabled={busy}
                onClick={() => actions.onResendInvite(participant)}
                aria-label={`Resend invite to ${name}`}
              >
                Resend invite
              </Button>
            </Can>
            <Can permission="people:read">
              <PersonHistoryLink email={participant.email} name={name} />
            </Can>
          </div>
        );
      },
    },
  ];
}
