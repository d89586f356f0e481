import type { StaffAccount } from '@repo/api-client';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Spinner,
} from '@repo/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api } from '@/lib/api';
import { TOAST } from '@/lib/messages';
import { errorMessage, notifyFailure, notifySuccess } from '@/lib/notify';
import { QUERY_PATHS } from '@/lib/query-paths';
import { RoleSelect } from './role-select';
import { useRoles } from './use-roles';

/** Gives a staff account another role, after the choice is confirmed (issue 19). */
export function ChangeRoleDialog({
  account,
  onClose,
}: {
  account: StaffAccount | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={Boolean(account)} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {account ? <ChangeRoleForm key={account.id} account={account} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ChangeRoleForm({ account, onClose }: { account: StaffAccount; onClose: () => void }) {
  const queryClient = useQueryClient();
  const roles = useRoles();
  const [roleId, setRoleId] = useState(account.role.id);
  const chosen = roles.data?.roles.find((role) => role.id === roleId);

  const change = useMutation({
    mutationFn: (id: string) => api.admin.accounts.setRole(account.id, { roleId: id }),
    onSuccess: ({ account: changed }) => {
      notifySuccess(TOAST.roleChanged, `${changed.username} is now ${changed.role.name}.`);
      for (const path of [
        QUERY_PATHS.accounts,
        QUERY_PATHS.roles,
        QUERY_PATHS.auditLog,
        // A demotion revokes the account's invitations of a role it no longer covers (issue 31).
        QUERY_PATHS.invitations,
        // One's own role may be the one changed: the console then shows what it allows.
        QUERY_PATHS.session,
      ]) {
        void queryClient.invalidateQueries({ queryKey: [path] });
      }
      onClose();
    },
    // 409 when it would leave no active Owner: the API's own sentence.
    onError: (error) => notifyFailure(TOAST.updateFailed, error),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (roleId === account.role.id) return;
    change.mutate(roleId);
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <DialogHeader>
        <DialogTitle>Change the role of {account.username}</DialogTitle>
        <DialogDescription>
          {account.name} is {account.role.name} now. The new role applies to their next request, on
          every device they are signed in on.
        </DialogDescription>
      </DialogHeader>
      {roles.isPending ? (
        <Spinner label="Loading the roles" />
      ) : roles.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(roles.error)}
        </p>
      ) : (
        <RoleSelect
          id="change-role"
          label="New role"
          roles={roles.data.roles}
          value={roleId}
          onChange={setRoleId}
        />
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={change.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={!chosen || roleId === account.role.id || change.isPending}>
          {change.isPending
            ? 'Changing...'
            : chosen && roleId !== account.role.id
              ? `Make ${chosen.name}`
              : 'Change role'}
        </Button>
      </DialogFooter>
    </form>
  );
}
