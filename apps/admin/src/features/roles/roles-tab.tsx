import type { Role } from '@repo/api-client';
import { Button, Card, CardContent } from '@repo/ui';
import { useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table';
import { SectionHeader } from '@/components/section-header';
import { useSortedTable } from '@/components/use-sorted-table';
import { DeleteRoleDialog } from './delete-role-dialog';
import { roleColumns } from './role-columns';
import { RoleEditorDialog } from './role-editor-dialog';
import { useRoles } from './use-roles';

type Editing = { role: Role | null } | null;

/** Issue 19: the roles staff can hold, built-in and custom (staff:manage). */
export function RolesTab() {
  const roles = useRoles();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);

  const columns = useMemo(
    () => roleColumns({ onOpen: (role) => setEditing({ role }), onDelete: setDeleting }),
    [],
  );
  // The API's order: the built-in roles from most to least, then the custom ones by name.
  const table = useSortedTable(roles.data?.roles, columns);

  return (
    <Card>
      <SectionHeader
        title="Roles"
        description="What each member of staff may do. Built-in roles cannot be changed; make a custom role when a job needs less. Give a role in the Staff tab."
        actions={<Button onClick={() => setEditing({ role: null })}>Create role</Button>}
      />
      <CardContent>
        <DataTable
          table={table}
          caption="Roles"
          isLoading={roles.isPending}
          error={roles.error}
          onRetry={() => void roles.refetch()}
          emptyMessage="No roles."
          skeletonRows={4}
        />
      </CardContent>
      <RoleEditorDialog
        role={editing?.role ?? null}
        open={editing !== null}
        onClose={() => setEditing(null)}
      />
      <DeleteRoleDialog role={deleting} onClose={() => setDeleting(null)} />
    </Card>
  );
}
