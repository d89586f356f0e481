import { apiRoutes, type TwoFactorPolicy } from '@repo/api-client';
import { Button, Checkbox, Label } from '@repo/ui';
import { TWO_FACTOR_MESSAGES } from '@repo/validation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useRoles } from '@/features/roles/use-roles';
import { api } from '@/lib/api';
import { notifyFailure, notifySuccess } from '@/lib/notify';
import { useApiQuery } from '@/lib/use-api-query';

export const TWO_FACTOR_POLICY_TEXT = {
  title: 'Two-factor sign-in',
  hint: 'An account that must use it and has not set it up is sent to set it up after its password, and can do nothing else until it has.',
  all: 'Require two-factor sign-in for every account',
  roles: 'Or for these roles:',
  save: 'Save policy',
  failed: 'Policy not saved',
} as const;

/**
 * The two-factor policy in the Staff tab (issue 19, staff:manage): required of every
 * account, or of the accounts of the roles ticked.
 */
export function TwoFactorPolicyEditor() {
  const queryClient = useQueryClient();
  const policy = useApiQuery(apiRoutes.admin.settings.twoFactor);
  const roles = useRoles();
  const [draft, setDraft] = useState<TwoFactorPolicy | null>(null);
  const current = draft ?? policy.data;

  const save = useMutation({
    mutationFn: (next: TwoFactorPolicy) => api.admin.settings.setTwoFactor(next),
    onSuccess: (saved) => {
      queryClient.setQueryData([apiRoutes.admin.settings.twoFactor], saved);
      setDraft(null);
      notifySuccess(TWO_FACTOR_MESSAGES.policySaved);
      // The signed-in account may now have to enrol.
      void queryClient.invalidateQueries({ queryKey: [apiRoutes.auth.user] });
    },
    onError: (error) => notifyFailure(TWO_FACTOR_POLICY_TEXT.failed, error),
  });

  if (!current) return null;
  const toggleRole = (roleId: string, checked: boolean) =>
    setDraft({
      ...current,
      requiredRoleIds: checked
        ? [...current.requiredRoleIds, roleId]
        : current.requiredRoleIds.filter((id) => id !== roleId),
    });

  return (
    <fieldset className="grid min-w-0 gap-3 rounded-md border p-4">
      <legend className="px-1 text-sm font-medium">{TWO_FACTOR_POLICY_TEXT.title}</legend>
      <p className="text-sm text-muted-foreground">{TWO_FACTOR_POLICY_TEXT.hint}</p>
      <div className="flex items-center gap-2">
        <Checkbox
          id="two-factor-all"
          checked={current.requiredForAll}
          onCheckedChange={(checked) => setDraft({ ...current, requiredForAll: checked === true })}
        />
        <Label htmlFor="two-factor-all">{TWO_FACTOR_POLICY_TEXT.all}</Label>
      </div>
      {current.requiredForAll ? null : (
        <div className="grid gap-2">
          <p className="text-sm">{TWO_FACTOR_POLICY_TEXT.roles}</p>
          <div className="flex flex-wrap gap-4">
            {(roles.data?.roles ?? []).map((role) => (
              <div key={role.id} className="flex items-center gap-2">
                <Checkbox
                  id={`two-factor-role-${role.id}`}
                  checked={current.requiredRoleIds.includes(role.id)}
                  onCheckedChange={(checked) => toggleRole(role.id, checked === true)}
                />
                <Label htmlFor={`two-factor-role-${role.id}`}>{role.name}</Label>
              </div>
            ))}
          </div>
        </div>
      )}
      <div>
        <Button
          type="button"
          size="sm"
          disabled={!draft || save.isPending}
          onClick={() => draft && save.mutate(draft)}
        >
          {TWO_FACTOR_POLICY_TEXT.save}
        </Button>
      </div>
    </fieldset>
  );
}
