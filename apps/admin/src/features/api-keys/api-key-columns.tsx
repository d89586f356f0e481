import type { ApiKey } from '@repo/api-client';
import { Badge, Button, Tooltip, TooltipContent, TooltipTrigger } from '@repo/ui';
import { PERMISSION_LABELS } from '@repo/validation';
import type { ColumnDef } from '@tanstack/react-table';
import { formatDate, formatDateTime } from '@/lib/format';

/** A key past its expiry: refused by the API like a revoked one (issue 19). */
function isExpired(key: Pick<ApiKey, 'expiresAt'>, now = Date.now()): boolean {
  return key.expiresAt !== null && Date.parse(key.expiresAt) <= now;
}

/** How many permissions a key holds; each one's meaning on hover or focus. */
function Scopes({ apiKey }: { apiKey: ApiKey }) {
  const count = apiKey.permissions.length;
  const text = `${count} ${count === 1 ? 'permission' : 'permissions'}`;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button
          type="button"
          className="whitespace-nowrap underline decoration-dotted underline-offset-4"
          aria-label={`${text} of ${apiKey.name}: ${apiKey.permissions.join(', ')}`}
        >
          {text}
        </button>
      </TooltipTrigger>
      <TooltipContent className="max-w-xs">
        <ul className="grid gap-1">
          {apiKey.permissions.map((permission) => (
            <li key={permission}>
              <code>{permission}</code>: {PERMISSION_LABELS[permission]}
            </li>
          ))}
        </ul>
      </TooltipContent>
    </Tooltip>
  );
}

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
      // It may wrap, so that the table fits at 1280 px (issue 20).
      cell: ({ row }) => (
        <code className="break-all rounded bg-muted px-1.5 py-0.5 font-mono text-xs">
          {row.original.maskedKey}
        </code>
      ),
    },
    {
      id: 'permissions',
      header: 'Scopes',
      accessorFn: (key) => key.permissions.length,
      cell: ({ row }) => <Scopes apiKey={row.original} />,
    },
    {
      id: 'createdAt',
      accessorKey: 'createdAt',
      header: 'Created',
      // The date, and who made the key (null for keys made before issue 19).
      cell: ({ row }) => {
        const creator = row.original.createdBy;
        return (
          <span className="grid whitespace-nowrap">
            <span>{formatDate(row.original.createdAt)}</span>
            {creator ? (
              <span className="text-xs text-muted-foreground" title={creator.username}>
                by {creator.name}
              </span>
            ) : null}
          </span>
        );
      },
    },
    {
      id: 'lastUsed',
      accessorKey: 'lastUsed',
      header: 'Last used',
      cell: ({ row }) => {
        const { lastUsed, lastUsedIp } = row.original;
        if (!lastUsed) return <span className="whitespace-nowrap">Never</span>;
        return (
          <span className="grid whitespace-nowrap">
            <span>{formatDateTime(lastUsed)}</span>
            {lastUsedIp ? (
              <span className="font-mono text-xs text-muted-foreground">from {lastUsedIp}</span>
            ) : null}
          </span>
        );
      },
    },
    {
      id: 'isActive',
      accessorKey: 'isActive',
      header: 'Status',
      // The state, and the expiry beneath it (issue 19): a key past it is refused like a revoked one.
      cell: ({ row }) => {
        const { isActive, expiresAt } = row.original;
        const expired = isExpired(row.original);
        let badge = <Badge variant="success">Active</Badge>;
        if (!isActive) badge = <Badge variant="outline">Revoked</Badge>;
        else if (expired) badge = <Badge variant="outline">Expired</Badge>;
        let expiry = 'No expiry';
        if (expiresAt) expiry = `${expired ? 'Expired' : 'Expires'} ${formatDate(expiresAt)}`;
        return (
          <span className="grid justify-items-start gap-1 whitespace-nowrap">
            {badge}
            {isActive ? <span className="text-xs text-muted-foreground">{expiry}</span> : null}
          </span>
        );
      },
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
