import type { Role } from '@repo/api-client';
import { Badge, Button } from '@repo/ui';
import type { ColumnDef } from '@tanstack/react-table';

export interface RoleActions {
  onOpen: (role: Role) => void;
  onDelete: (role: Role) => void;
}

const accountsText = (count: number) => `${count} ${count === 1 ? 'account' : 'accounts'}`;

export function roleColumns({ onOpen, onDelete }: RoleActions): ColumnDef<Role>[] {
  return [
    {
      id: 'name',
      accessorKey: 'name',
      header: 'Role',
      cell: ({ row }) => (
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{row.original.name}</span>
          {row.original.builtIn ? <Badge variant="secondary">Built-in</Badge> : null}
        </span>
      ),
    },
    {
      id: 'description',
      accessorKey: 'description',
      header: 'Description',
      enableSorting: false,
      cell: ({ row }) => (
        <span className="block min-w-[12rem] max-w-[24rem] whitespace-normal text-sm text-muted-foreground">
          {row.original.description || '—'}
        </span>
      ),
    },
    {
      id: 'permissions',
      header: 'Permissions',
      accessorFn: (role) => role.permissions.length,
      cell: ({ row }) => <span className="tabular-nums">{row.original.permissions.length}</span>,
    },
    {
      id: 'accounts',
      accessorKey: 'accounts',
      header: 'Accounts',
      cell: ({ row }) => <span className="tabular-nums">{row.original.accounts}</span>,
    },
    {
      id: 'actions',
      header: 'Actions',
      enableSorting: false,
      enableHiding: false,
      cell: ({ row }) => {
        const role = row.original;
        if (role.builtIn) {
          return (
            <Button
              size="sm"
              variant="outline"
              onClick={() => onOpen(role)}
              aria-label={`View ${role.name}`}
            >
              View
            </Button>
          );
        }
        const inUse = role.accounts > 0;
        return (
          <div className="flex flex-wrap items-center gap-2">
            <Button
              size="sm"
              variant="outline"
              onClick={() => onOpen(role)}
              aria-label={`Edit ${role.name}`}
            >
              Edit
            </Button>
            {/* Issue 19: a role still given to someone is not deleted; the API refuses it too. */}
            {inUse ? (
              <span className="text-xs text-muted-foreground">
                In use by {accountsText(role.accounts)}
              </span>
            ) : (
              <Button
                size="sm"
                variant="ghost"
                className="text-destructive hover:text-destructive"
                onClick={() => onDelete(role)}
                aria-label={`Delete ${role.name}`}
              >
                Delete
              </Button>
            )}
          </div>
        );
      },
    },
  ];
}
