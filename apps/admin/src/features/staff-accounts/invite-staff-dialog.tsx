import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@repo/ui';
import { inviteStaffSchema } from '@repo/validation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormField } from '@/components/form-field';
import { api } from '@/lib/api';
import { serverFieldErrors } from '@/lib/field-issues';
import { TOAST } from '@/lib/messages';
import { notifyFailure, notifySuccess } from '@/lib/notify';
import { QUERY_PATHS } from '@/lib/query-paths';
import { defaultRoleId, RoleSelect } from '@/features/roles/role-select';
import { useRoles } from '@/features/roles/use-roles';

interface InviteStaffDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Mails a single-use sign-up link to a colleague's address (issue 8). */
export function InviteStaffDialog({ open, onOpenChange }: InviteStaffDialogProps) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  // Issue 19: the invitation names the role the account gets; Viewer unless chosen.
  const roles = useRoles({ enabled: open });
  const [chosenRoleId, setChosenRoleId] = useState<string | null>(null);
  const roleId = chosenRoleId ?? defaultRoleId(roles.data?.roles);

  const invite = useMutation({
    mutationFn: (input: { email: string; roleId: string }) => api.admin.accounts.invite(input),
    onSuccess: (result) => {
      notifySuccess(TOAST.invitationSent, result.message);
      void queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.accounts] });
      void queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.invitations] });
      void queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.auditLog] });
      close();
    },
    onError: (failure) => {
      setError(serverFieldErrors(failure).email);
      notifyFailure(TOAST.invitationFailed, failure);
    },
  });

  function close() {
    setEmail('');
    setError(undefined);
    setChosenRoleId(null);
    invite.reset();
    onOpenChange(false);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = inviteStaffSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    if (!roleId) return;
    invite.mutate({ ...parsed.data, roleId });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) onOpenChange(true);
        else if (!invite.isPending) close();
      }}
    >
      <DialogContent>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <DialogHeader>
            <DialogTitle>Invite staff</DialogTitle>
            <DialogDescription>
              We email a link that is valid for 24 hours. The account is created when they open it.
            </DialogDescription>
          </DialogHeader>
          <FormField
            id="invite-staff-email"
            label="Email"
            type="email"
            autoComplete="off"
            value={email}
            error={error}
            onValueChange={(value) => {
              setEmail(value);
              setError(undefined);
            }}
          />
          <RoleSelect
            id="invite-staff-role"
            roles={roles.data?.roles ?? []}
            value={roleId}
            onChange={setChosenRoleId}
            disabled={!roles.isSuccess}
            error={roles.isError ? 'The roles could not be loaded.' : undefined}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={invite.isPending || !roleId}>
              {invite.isPending ? 'Sending...' : 'Send invitation'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
