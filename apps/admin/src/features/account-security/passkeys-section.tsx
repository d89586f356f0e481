import { apiRoutes, type PasskeySummary } from '@repo/api-client';
import { Button } from '@repo/ui';
import { PASSKEY_MESSAGES, passkeyNameField } from '@repo/validation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormField } from '@/components/form-field';
import { api } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { TOAST } from '@/lib/messages';
import { notifyFailure, notifySuccess } from '@/lib/notify';
import { createPasskey, passkeyErrorMessage, passkeysSupported } from '@/lib/passkeys';

export const PASSKEYS_TEXT = {
  title: 'Passkeys',
  description:
    'A passkey signs you in with this device’s screen lock or a security key: as the second step after your password, or instead of it.',
  none: 'No passkeys yet.',
  nameLabel: 'Passkey name',
  nameHint: 'So you can tell your passkeys apart, e.g. “Work laptop”.',
  add: 'Add a passkey',
  adding: 'Waiting for your passkey...',
  remove: 'Remove',
  removeTitle: 'Remove passkey',
  lastUsed: 'Last used',
  neverUsed: 'Never used',
  added: 'Added',
} as const;

export function removePasskeyConfirmation(passkey: PasskeySummary): string {
  return `Remove the passkey “${passkey.name}”? It will no longer sign you in. You can add it again later.`;
}

/**
 * The signed-in account's passkeys on its Security page (issue 19): the list, a new
 * one added (named, then created by the browser and checked by the API), one removed
 * after a confirmation.
 */
export function PasskeysSection({ passkeys }: { passkeys: PasskeySummary[] }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [removing, setRemoving] = useState<PasskeySummary | null>(null);
  const supported = passkeysSupported();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [apiRoutes.account.security] });

  const add = useMutation({
    mutationFn: async (passkeyName: string) => {
      const options = await api.account.passkeys.options();
      const response = await createPasskey(options);
      return api.account.passkeys.add({ name: passkeyName, response });
    },
    onSuccess: async () => {
      setName('');
      notifySuccess(TOAST.passkeyAdded);
      await refresh();
    },
    onError: (error) => notifyFailure(TOAST.passkeyFailed, passkeyErrorMessage(error)),
  });

  const remove = useMutation({
    mutationFn: (passkey: PasskeySummary) => api.account.passkeys.remove(passkey.id),
    onSuccess: async () => {
      notifySuccess(TOAST.passkeyRemoved);
      await refresh();
    },
    onError: (error) => notifyFailure(TOAST.passkeyRemoveFailed, error),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = passkeyNameField.safeParse(name);
    if (!parsed.success) {
      setNameError(PASSKEY_MESSAGES.name);
      return;
    }
    setNameError(undefined);
    add.mutate(parsed.data);
  };

  return (
    <section aria-labelledby="passkeys-heading" className="grid gap-4">
      <div className="space-y-1">
        <h2 id="passkeys-heading" className="text-lg font-semibold">
          {PASSKEYS_TEXT.title}
        </h2>
        <p className="text-sm text-muted-foreground">{PASSKEYS_TEXT.description}</p>
      </div>

      {passkeys.length === 0 ? (
        <p className="text-sm text-muted-foreground">{PASSKEYS_TEXT.none}</p>
      ) : (
        <ul className="grid gap-2" aria-label={PASSKEYS_TEXT.title}>
          {passkeys.map((passkey) => (
            <li
              key={passkey.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3"
            >
              <div className="min-w-0">
                <p className="font-medium break-words">{passkey.name}</p>
                <p className="text-sm text-muted-foreground">
                  {PASSKEYS_TEXT.added} {formatDateTime(passkey.createdAt)} ·{' '}
                  {passkey.lastUsedAt
                    ? `${PASSKEYS_TEXT.lastUsed} ${formatDateTime(passkey.lastUsedAt)}`
                    : PASSKEYS_TEXT.neverUsed}
                </p>
              </div>
              <Button
                variant="outline"
                size="sm"
                aria-label={`${PASSKEYS_TEXT.remove} ${passkey.name}`}
                disabled={remove.isPending}
                onClick={() => setRemoving(passkey)}
              >
                {PASSKEYS_TEXT.remove}
              </Button>
            </li>
          ))}
        </ul>
      )}

      {supported ? (
        <form
          className="grid gap-3 sm:max-w-md"
          onSubmit={submit}
          noValidate
          aria-label={PASSKEYS_TEXT.add}
        >
          <FormField
            id="passkey-name"
            label={PASSKEYS_TEXT.nameLabel}
            hint={PASSKEYS_TEXT.nameHint}
            value={name}
            maxLength={64}
            error={nameError}
            onValueChange={setName}
          />
          <div>
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? PASSKEYS_TEXT.adding : PASSKEYS_TEXT.add}
            </Button>
          </div>
        </form>
      ) : (
        <p className="text-sm text-muted-foreground">{PASSKEY_MESSAGES.unsupported}</p>
      )}

      <ConfirmDialog
        open={Boolean(removing)}
        title={PASSKEYS_TEXT.removeTitle}
        description={removing ? removePasskeyConfirmation(removing) : null}
        confirmLabel={PASSKEYS_TEXT.remove}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing)}
      />
    </section>
  );
}
