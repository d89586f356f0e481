import type { Role } from '@repo/api-client';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Label,
  Textarea,
} from '@repo/ui';
import { type Permission, PERMISSIONS, ROLE_MESSAGES, roleInputSchema } from '@repo/validation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormField } from '@/components/form-field';
import { api } from '@/lib/api';
import { serverFieldErrors } from '@/lib/field-issues';
import { TOAST } from '@/lib/messages';
import { notifyFailure, notifySuccess } from '@/lib/notify';
import { QUERY_PATHS } from '@/lib/query-paths';
import { PermissionChecklist } from './permission-checklist';

type Field = 'name' | 'description' | 'permissions';
type FieldErrors = Partial<Record<Field, string>>;

interface Draft {
  name: string;
  description: string;
  permissions: Permission[];
}

const draftOf = (role: Role | null): Draft => ({
  name: role?.name ?? '',
  description: role?.description ?? '',
  permissions: role ? [...role.permissions] : [],
});

interface RoleEditorDialogProps {
  /** `null` with `open` creates a role; a built-in role opens read-only. */
  role: Role | null;
  open: boolean;
  onClose: () => void;
}

/** Creates or edits a custom role; shows a built-in one (issue 19). */
export function RoleEditorDialog({ role, open, onClose }: RoleEditorDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        {/* Keyed by the role: each opening starts from the role's own values. */}
        {open ? <RoleForm key={role?.id ?? 'new'} role={role} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function RoleForm({ role, onClose }: { role: Role | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const readOnly = role?.builtIn === true;
  const [draft, setDraft] = useState<Draft>(() => draftOf(role));
  const [errors, setErrors] = useState<FieldErrors>({});

  const save = useMutation({
    mutationFn: (input: Draft) =>
      role ? api.admin.roles.update(role.id, input) : api.admin.roles.create(input),
    onSuccess: ({ role: saved }) => {
      notifySuccess(
        role ? TOAST.roleSaved : TOAST.roleCreated,
        role ? `“${saved.name}” is saved.` : `“${saved.name}” can now be given to staff.`,
      );
      void queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.roles] });
      void queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.accounts] });
      void queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.auditLog] });
      // The signed-in member's own role may be the one changed.
      void queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.session] });
      onClose();
    },
    onError: (error) => {
      setErrors(serverFieldErrors(error));
      notifyFailure(role ? TOAST.updateFailed : TOAST.creationFailed, error);
    },
  });

  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = roleInputSchema.safeParse(draft);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  const title = readOnly ? role.name : role ? `Edit “${role.name}”` : 'Create role';
  const permissionsError = errors.permissions;

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate aria-label={title}>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          {readOnly
            ? `${ROLE_MESSAGES.builtInReadOnly}. ${role.description}`
            : 'A role is what its staff may do: give it only what the job needs. Changes apply at once to everyone who holds it.'}
        </DialogDescription>
      </DialogHeader>
      {readOnly ? null : (
        <>
          <FormField
            id="role-name"
            label="Name"
            value={draft.name}
            error={errors.name}
            maxLength={60}
            autoComplete="off"
            placeholder="e.g. Newsletter editor"
            onValueChange={(value) => set('name', value)}
          />
          <div className="grid gap-2">
            <Label htmlFor="role-description">Description (optional)</Label>
            <Textarea
              id="role-description"
              value={draft.description}
              maxLength={300}
              rows={2}
              onChange={(event) => set('description', event.target.value)}
            />
          </div>
        </>
      )}
      <div className="grid gap-2">
        <p className="text-sm font-medium" id="role-permissions-label">
          Permissions
        </p>
        <PermissionChecklist
          id="role-permission"
          offered={PERMISSIONS}
          value={draft.permissions}
          onChange={(next) => set('permissions', next)}
          disabled={readOnly}
          describedBy={permissionsError ? 'role-permissions-error' : undefined}
        />
        {permissionsError ? (
          <p id="role-permissions-error" className="text-sm font-medium text-destructive">
            {permissionsError}
          </p>
        ) : null}
      </div>
      <DialogFooter>
        {readOnly ? (
          <Button type="button" onClick={onClose}>
            Close
          </Button>
        ) : (
          <>
            <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : role ? 'Save role' : 'Create role'}
            </Button>
          </>
        )}
      </DialogFooter>
    </form>
  );
}
