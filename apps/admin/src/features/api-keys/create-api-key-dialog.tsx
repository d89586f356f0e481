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
  API_KEY_ENVIRONMENTS,
  API_KEY_MESSAGES,
  type ApiKeyEnvironment,
  apiKeyCreateSchema,
} from '@repo/validation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api } from '@/lib/api';
import { NEW_KEY_NOTICE, TOAST } from '@/lib/messages';
import { notifyFailure, notifySuccess } from '@/lib/notify';
import { QUERY_PATHS } from '@/lib/query-paths';

const ENVIRONMENT_LABELS: Record<ApiKeyEnvironment, string> = { live: 'Live', test: 'Test' };

interface CreateApiKeyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Creates a key, then shows the full key once with a copy button (spec sections 3 and 8). */
export function CreateApiKeyDialog({ open, onOpenChange }: CreateApiKeyDialogProps) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [environment, setEnvironment] = useState<ApiKeyEnvironment>('live');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  const create = useMutation({
    mutationFn: (input: { name: string; environment: ApiKeyEnvironment }) =>
      api.admin.apiKeys.create(input),
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
    const parsed = apiKeyCreateSchema.safeParse({ name, environment });
    if (!parsed.success) {
      notifyFailure(API_KEY_MESSAGES.nameRequiredTitle, API_KEY_MESSAGES.nameRequired);
      return;
    }
    create.mutate(parsed.data);
  };

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
      <DialogContent>
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
