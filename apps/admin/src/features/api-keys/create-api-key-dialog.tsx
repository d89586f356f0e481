import type { CreatedApiKey } from '@repo/api-client';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Input,
  Label,
  RadioGroup,
  RadioGroupItem,
} from '@repo/ui';
import {
  API_KEY_DEFAULT_EXPIRY_DAYS,
  API_KEY_ENVIRONMENTS,
  API_KEY_MESSAGES,
  API_KEY_PERMISSIONS,
  type ApiKeyEnvironment,
  apiKeyCreateSchema,
  type Permission,
} from '@repo/validation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addDays } from 'date-fns';
import { type FormEvent, useMemo, useState } from 'react';
import { PermissionChecklist } from '@/features/roles/permission-checklist';
import { api } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { API_KEY_SCOPE_HINT, NEW_KEY_NOTICE, NO_EXPIRY_WARNING, TOAST } from '@/lib/messages';
import { notifyFailure, notifySuccess } from '@/lib/notify';
import { usePermissions } from '@/lib/permissions';
import { QUERY_PATHS } from '@/lib/query-paths';

const ENVIRONMENT_LABELS: Record<ApiKeyEnvironment, string> = { live: 'Live', test: 'Test' };

/** Issue 19: how long a new key lasts; 90 days (API_KEY_DEFAULT_EXPIRY_DAYS) unless chosen otherwise. */
const EXPIRY_CHOICES = [
  { value: '30', label: '30 days', days: 30 },
  { value: '90', label: '90 days', days: 90 },
  { value: '180', label: '180 days', days: 180 },
  { value: '365', label: '365 days', days: 365 },
  { value: 'never', label: 'No expiry', days: null },
] as const;
type ExpiryChoice = (typeof EXPIRY_CHOICES)[number]['value'];
const DEFAULT_EXPIRY = String(API_KEY_DEFAULT_EXPIRY_DAYS) as ExpiryChoice;

const daysOf = (choice: ExpiryChoice) =>
  EXPIRY_CHOICES.find((item) => item.value === choice)?.days ?? null;

/** What a key may be given: what a key may ever hold, and what its creator holds. */
function grantable(own: readonly Permission[]): Permission[] {
  return API_KEY_PERMISSIONS.filter((permission) => own.includes(permission));
}

type CreateInput = {
  name: string;
  environment: ApiKeyEnvironment;
  permissions: Permission[];
  expiresInDays: number | null;
};

interface CreateApiKeyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Creates a key, then shows the full key once with a copy button (spec sections 3 and 8). */
export function CreateApiKeyDialog({ open, onOpenChange }: CreateApiKeyDialogProps) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [environment, setEnvironment] = useState<ApiKeyEnvironment>('live');
  const [permissions, setPermissions] = useState<Permission[]>([]);
  const [permissionsError, setPermissionsError] = useState<string | null>(null);
  const [expiry, setExpiry] = useState<ExpiryChoice>(DEFAULT_EXPIRY);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const own = usePermissions();
  const offered = useMemo(() => grantable(own), [own]);
  const readOnly = useMemo(
    () => offered.filter((permission) => permission.endsWith(':read')),
    [offered],
  );

  const create = useMutation({
    mutationFn: (input: CreateInput) => api.admin.apiKeys.create(input),
    onSuccess: (result) => {
      setCreated(result);
      notifySuccess(TOAST.apiKeyCreated, `“${result.apiKey.name}” is ready to use.`);
      void queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.apiKeys] });
    },
    onError: (error) => notifyFailure(TOAST.creationFailed, error),
  });

  const reset = () => {
    setName('');
    setEnvironment('live');
    setPermissions([]);
    setPermissionsError(null);
    setExpiry(DEFAULT_EXPIRY);
    setCreated(null);
    create.reset();
  };

  const changeOpen = (next: boolean) => {
    if (!next && create.isPending) return;
    if (!next) reset();
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input: CreateInput = { name, environment, permissions, expiresInDays: daysOf(expiry) };
    const parsed = apiKeyCreateSchema.safeParse(input);
    const issues = parsed.success ? [] : parsed.error.issues;
    if (issues.some((issue) => issue.path[0] === 'name')) {
      notifyFailure(API_KEY_MESSAGES.nameRequiredTitle, API_KEY_MESSAGES.nameRequired);
    }
    // A key with no permission would do nothing: at least one is chosen.
    const permissionMessage =
      issues.find((issue) => issue.path[0] === 'permissions')?.message ??
      (permissions.length === 0 ? API_KEY_MESSAGES.permissionsRequired : null);
    setPermissionsError(permissionMessage);
    if (!parsed.success || permissionMessage) return;
    create.mutate({ ...input, name: parsed.data.name });
  };

  const choosePermissions = (next: Permission[]) => {
    setPermissions(next);
    setPermissionsError(null);
  };
  const expiresOn = daysOf(expiry);

  const copyKey = async (key: string) => {
    try {
      await navigator.clipboard.writeText(key);
      notifySuccess(TOAST.copied, TOAST.copiedDescription);
    } catch {
      notifyFailure(TOAST.copyFailed, TOAST.copyFailedDescription);
    }
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        {created ? (
          <>
            <DialogHeader>
              <DialogTitle>Your new API key</DialogTitle>
              <DialogDescription>{NEW_KEY_NOTICE}</DialogDescription>
            </DialogHeader>
            <div className="grid gap-2">
              <Label htmlFor="new-api-key">{created.apiKey.name}</Label>
              <Input
                id="new-api-key"
                readOnly
                value={created.formattedKey}
                className="font-mono text-xs md:text-xs"
                onFocus={(event) => event.target.select()}
              />
            </div>
            <DialogFooter>
              <Button variant="outline" onClick={() => void copyKey(created.formattedKey)}>
                Copy key
              </Button>
              <Button onClick={() => changeOpen(false)}>Done</Button>
            </DialogFooter>
          </>
        ) : (
          <form className="grid gap-4" onSubmit={submit} noValidate>
            <DialogHeader>
              <DialogTitle>Create API key</DialogTitle>
              <DialogDescription>
                Name the key after what will use it, so it is easy to revoke later.
              </DialogDescription>
            </DialogHeader>
            <div className="grid gap-2">
              <Label htmlFor="api-key-name">Name</Label>
              <Input
                id="api-key-name"
                value={name}
                maxLength={100}
                placeholder="e.g. Zapier integration"
                onChange={(event) => setName(event.target.value)}
              />
            </div>
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">Environment</legend>
              <RadioGroup
                value={environment}
                onValueChange={(value) => setEnvironment(value as ApiKeyEnvironment)}
                className="flex gap-6"
              >
                {API_KEY_ENVIRONMENTS.map((value) => (
                  <div key={value} className="flex items-center gap-2">
                    <RadioGroupItem id={`api-key-env-${value}`} value={value} />
                    <Label htmlFor={`api-key-env-${value}`} className="font-normal">
                      {ENVIRONMENT_LABELS[value]}
                    </Label>
                  </div>
                ))}
              </RadioGroup>
            </fieldset>
            <fieldset className="grid gap-2" aria-describedby="api-key-scope-hint">
              <legend className="mb-1 text-sm font-medium">Permissions</legend>
              <p id="api-key-scope-hint" className="text-sm text-muted-foreground">
                {API_KEY_SCOPE_HINT}
              </p>
              <div className="flex flex-wrap gap-2">
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => choosePermissions(readOnly)}
                >
                  Read only
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => choosePermissions(offered)}
                >
                  All I can
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => choosePermissions([])}
                  disabled={permissions.length === 0}
                >
                  Clear
                </Button>
              </div>
              <PermissionChecklist
                id="api-key-permission"
                offered={offered}
                value={permissions}
                onChange={choosePermissions}
                describedBy={permissionsError ? 'api-key-permissions-error' : undefined}
              />
              {permissionsError ? (
                <p id="api-key-permissions-error" className="text-sm font-medium text-destructive">
                  {permissionsError}
                </p>
              ) : null}
            </fieldset>
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">Expires</legend>
              <RadioGroup
                value={expiry}
                onValueChange={(value) => setExpiry(value as ExpiryChoice)}
                className="flex flex-wrap gap-x-6 gap-y-2"
                aria-describedby="api-key-expiry-note"
              >
                {EXPIRY_CHOICES.map(({ value, label }) => (
                  <div key={value} className="flex items-center gap-2">
                    <RadioGroupItem id={`api-key-expiry-${value}`} value={value} />
                    <Label htmlFor={`api-key-expiry-${value}`} className="font-normal">
                      {label}
                    </Label>
                  </div>
                ))}
              </RadioGroup>
              {expiresOn === null ? (
                <p
                  id="api-key-expiry-note"
                  role="alert"
                  className="rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm text-destructive"
                >
                  {NO_EXPIRY_WARNING}
                </p>
              ) : (
                <p id="api-key-expiry-note" className="text-sm text-muted-foreground">
                  Stops working on {formatDate(addDays(new Date(), expiresOn).toISOString())}.
                </p>
              )}
            </fieldset>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => changeOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? 'Creating...' : 'Create key'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
