import { apiRoutes, type SsoSettings } from '@repo/api-client';
import { Button, Checkbox, Label } from '@repo/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '@/lib/api';
import { notifyFailure, notifySuccess } from '@/lib/notify';
import { useApiQuery } from '@/lib/use-api-query';
import { useStaffAccounts } from './use-staff-accounts';

export const SSO_ONLY_TEXT = {
  title: 'Single sign-on',
  hint: 'When required, passwords, authenticator codes and passkeys sign in nobody but the break-glass Owners ticked below (for the day the identity provider is down). Each break-glass sign-in is recorded and emailed to the other Owners.',
  required: 'Require single sign-on for every account',
  breakGlass: 'Break-glass Owners (may still use a password or passkey):',
  noOwners: 'No other active Owner to choose.',
  save: 'Save single sign-on setting',
  saved: 'Single sign-on setting saved',
  failed: 'Single sign-on setting not saved',
} as const;

/**
 * "SSO only" in the Staff tab (issue 35), shown to Owners when the API has single
 * sign-on configured: the switch and the break-glass Owners.
 */
export function SsoOnlySetting() {
  const queryClient = useQueryClient();
  const status = useApiQuery(apiRoutes.auth.oidc);
  const setting = useApiQuery(apiRoutes.admin.settings.sso, undefined, {
    enabled: status.data?.enabled === true,
  });
  const accounts = useStaffAccounts();
  const [draft, setDraft] = useState<SsoSettings | null>(null);
  const current = draft ?? setting.data;

  const save = useMutation({
    mutationFn: (next: SsoSettings) => api.admin.settings.setSso(next),
    onSuccess: (saved) => {
      queryClient.setQueryData([apiRoutes.admin.settings.sso], saved);
      void queryClient.invalidateQueries({ queryKey: [apiRoutes.auth.oidc] });
      setDraft(null);
      notifySuccess(SSO_ONLY_TEXT.saved);
    },
    onError: (error) => notifyFailure(SSO_ONLY_TEXT.failed, error),
  });

  if (!status.data?.enabled || !current) return null;
  const owners = (accounts.data?.accounts ?? []).filter(
    (account) => account.role.key === 'owner' && account.status === 'active',
  );
  const toggle = (userId: string, checked: boolean) =>
    setDraft({
      ...current,
      breakGlassUserIds: checked
        ? [...current.breakGlassUserIds, userId]
        : current.breakGlassUserIds.filter((id) => id !== userId),
    });

  return (
    <fieldset className="grid min-w-0 gap-3 rounded-md border p-4">
      <legend className="px-1 text-sm font-medium">{SSO_ONLY_TEXT.title}</legend>
      <p className="text-sm text-muted-foreground">{SSO_ONLY_TEXT.hint}</p>
      <div className="flex items-center gap-2">
        <Checkbox
          id="sso-only"
          checked={current.ssoOnly}
          onCheckedChange={(checked) => setDraft({ ...current, ssoOnly: checked === true })}
        />
        <Label htmlFor="sso-only">{SSO_ONLY_TEXT.required}</Label>
      </div>
      <div className="grid gap-2">
        <p className="text-sm">{SSO_ONLY_TEXT.breakGlass}</p>
        {owners.length === 0 ? (
          <p className="text-sm text-muted-foreground">{SSO_ONLY_TEXT.noOwners}</p>
        ) : (
          <div className="flex flex-wrap gap-4">
            {owners.map((owner) => (
              <div key={owner.id} className="flex items-center gap-2">
                <Checkbox
                  id={`break-glass-${owner.id}`}
                  checked={current.breakGlassUserIds.includes(owner.id)}
                  onCheckedChange={(checked) => toggle(owner.id, checked === true)}
                />
                <Label htmlFor={`break-glass-${owner.id}`}>{owner.username}</Label>
              </div>
            ))}
          </div>
        )}
      </div>
      <div>
        <Button
          type="button"
          size="sm"
          disabled={!draft || save.isPending}
          onClick={() => draft && save.mutate(draft)}
        >
          {SSO_ONLY_TEXT.save}
        </Button>
      </div>
    </fieldset>
  );
}
