import type { ApiKey } from '@repo/api-client';
import { Badge, Button } from '@repo/ui';
import type { ColumnDef } from '@tanstack/react-table';
import { formatDate } from '@/lib/format';

export function apiKeyColumns(onRevoke: (key: ApiKey) => void): ColumnDef<ApiKey>[] {
  return [
    { id: 'name', accessorKey: 'name', header: 'Name' },
    {
      id: 'environment',
      accessorKey: 'environment',
      header: 'Environment',
      cell: ({ row }) => (
        <Badge variant={row.original.environment === 'live' ? 'default' : 'secondary'}>
          {row.original.environment}
        </Badge>
      ),
    },
    {
      id: 'maskedKey',
      accessorKey: 'maskedKey',
      header: 'Key',
      enableSorting: false,
      // Spec section 3: first 12 characters, 20 asterisks, last 4 (masked by the API).
      cell: ({ row }) => (
        <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">
          {row.original.maskedKey}
        </code>
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
      id: 'lastUsed',
      accessorKey: 'lastUsed',
      header: 'Last used',
      cell: ({ row }) => (
        <span className="whitespace-nowrap">
          {row.original.lastUsed ? formatDate(row.original.lastUsed) : 'Never'}
        </span>
      ),
    },
    {
      id: 'isActive',
      accessorKey: 'isActive',
      header: 'Status',
      cell: ({ row }) =>
        row.original.isActive ? (
          <Badge variant="success">Active</Badge>
        ) : (
          <Badge variant="outline">Revoked</Badge>
        ),
    },
    {
      id: 'actions',
      header: 'Actions',
      enableSorting: false,
      enableHiding: false,
      // Spec section 4: revocation is final, so revoked keys show no action.
      cell: ({ row }) =>
        row.original.isActive ? (
          <Button
            size="sm"
            variant="destructive"
            onClick={() => onRevoke(row.original)}
            aria-label={`Revoke ${row.original.name}`}
          >
            Revoke
          </Button>
        ) : null,
    },
  ];
}
