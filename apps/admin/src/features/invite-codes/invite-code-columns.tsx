import type { InviteCode } from '@repo/api-client';
import { Badge, Button } from '@repo/ui';
import type { ColumnDef } from '@tanstack/react-table';
import { formatDate } from '@/lib/format';
import { Can } from '@/lib/permissions';

const STATE_LABELS: Record<InviteCode['state'], string> = {
  active: 'Active',
  disabled: 'Disabled',
  expired: 'Expired',
  used_up: 'Used up',
};

export interface InviteCodeHandlers {
  onToggle: (code: InviteCode) => void;
  onShowRedemptions: (code: InviteCode) => void;
  onCopyLink: (code: InviteCode) => void;
  busyId: string | null;
}

export function inviteCodeColumns({
  onToggle,
  onShowRedemptions,
  onCopyLink,
  busyId,
}: InviteCodeHandlers): ColumnDef<InviteCode>[] {
  return [
    {
      id: 'code',
      accessorKey: 'code',
      header: 'Code',
      cell: ({ row }) => (
        <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">
          {row.original.code}
        </code>
      ),
    },
    {
      id: 'note',
      accessorKey: 'note',
      header: 'Note',
      enableSorting: false,
      cell: ({ row }) => row.original.note ?? '—',
    },
    {
      id: 'redemptions',
      accessorKey: 'redemptions',
      header: 'Used',
      cell: ({ row }) => {
        const code = row.original;
        return (
          <Button
            size="sm"
            variant="link"
            className="h-auto p-0"
            onClick={() => onShowRedemptions(code)}
            aria-label={`${code.redemptions} of ${code.maxRedemptions}: redemptions of ${code.code}`}
          >
            {code.redemptions} of {code.maxRedemptions}
          </Button>
        );
      },
    },
    {
      id: 'expiresAt',
      accessorKey: 'expiresAt',
      header: 'Expires',
      cell: ({ row }) => (
        <span className="whitespace-nowrap">
          {row.original.expiresAt ? formatDate(row.original.expiresAt) : 'Never'}
        </span>
      ),
    },
    {
      id: 'state',
      accessorKey: 'state',
      header: 'Status',
      cell: ({ row }) => (
        <Badge variant={row.original.state === 'active' ? 'success' : 'outline'}>
          {STATE_LABELS[row.original.state]}
        </Badge>
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
      cell: ({ row }) => {
        const code = row.original;
        const disabled = code.disabledAt !== null;
        return (
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="outline"
              onClick={() => onCopyLink(code)}
              aria-label={`Copy link for ${code.code}`}
            >
              Copy link
            </Button>
            <Can permission="invite_codes:manage">
              <Button
                size="sm"
                variant={disabled ? 'outline' : 'ghost'}
                disabled={busyId === code.id}
                onClick={() => onToggle(code)}
                aria-label={`${disabled ? 'Enable' : 'Disable'} ${code.code}`}
              >
                {disabled ? 'Enable' : 'Disable'}
              </Button>
            </Can>
          </div>
        );
      },
    },
  ];
}
