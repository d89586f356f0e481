import type { Role } from '@repo/api-client';
import { Label, Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@repo/ui';

interface RoleSelectProps {
  id: string;
  label?: string;
  roles: readonly Role[];
  value: string;
  onChange: (roleId: string) => void;
  disabled?: boolean;
  error?: string;
}

/** A labelled select of the roles, with what the chosen one is for (issue 19). */
export function RoleSelect({
  id,
  label = 'Role',
  roles,
  value,
  onChange,
  disabled = false,
  error,
}: RoleSelectProps) {
  const chosen = roles.find((role) => role.id === value);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [chosen ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onChange} disabled={disabled}>
        <SelectTrigger
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        >
          <SelectValue placeholder="Choose a role" />
        </SelectTrigger>
        <SelectContent>
          {roles.map((role) => (
            <SelectItem key={role.id} value={role.id}>
              {role.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {chosen ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {chosen.description || `${chosen.permissions.length} permissions`}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The role a new account gets unless chosen otherwise: Viewer, which changes nothing. */
export function defaultRoleId(roles: readonly Role[] | undefined): string {
  return roles?.find((role) => role.key === 'viewer')?.id ?? '';
}
