import { apiRoutes, type TotpSetup } from '@repo/api-client';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@repo/ui';
import { totpCodeBodySchema, TWO_FACTOR_MESSAGES } from '@repo/validation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormField } from '@/components/form-field';
import { api } from '@/lib/api';
import { QUERY_PATHS } from '@/lib/query-paths';
import { notifyFailure, notifySuccess } from '@/lib/notify';

export const TOTP_TEXT = {
  title: 'Authenticator app',
  description:
    'A 6-digit code from an app such as 1Password, Google Authenticator or Microsoft Authenticator, asked after your password.',
  on: 'On',
  off: 'Off',
  setUp: 'Set up an authenticator app',
  scan: 'Scan this QR code with your authenticator app, or type the key below into it.',
  qrLabel: 'QR code of the authenticator app set-up',
  secretLabel: 'Key for manual entry',
  codeLabel: 'Code from the app',
  confirm: 'Turn on',
  cancel: 'Cancel',
  recoveryTitle: 'Your recovery codes',
  recoveryIntro:
    'Each code signs you in once if you lose your phone. Save them somewhere safe now: they are not shown again.',
  copy: 'Copy codes',
  download: 'Download codes',
  saved: 'I have saved them',
  codesLeft: (count: number) => `${count} recovery ${count === 1 ? 'code' : 'codes'} left.`,
  regenerate: 'New recovery codes',
  regenerateIntro: 'Enter a current code from your app to replace your recovery codes.',
  disable: 'Turn off',
  disableIntro: 'Enter a current code from your app to turn it off.',
  submitRegenerate: 'Make new codes',
  submitDisable: 'Turn off the app',
  failed: 'Not saved',
  enabled: 'Authenticator app turned on',
  disabled: 'Authenticator app turned off',
} as const;

type Action = 'regenerate' | 'disable';

/** A 6-digit code field, checked with the shared schema before it is sent. */
function CodeForm({
  id,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  id: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (code: string) => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = totpCodeBodySchema.safeParse({ code });
    if (!parsed.success) {
      setError(TWO_FACTOR_MESSAGES.code);
      return;
    }
    setError(undefined);
    onSubmit(parsed.data.code);
  };
  return (
    <form className="grid max-w-sm gap-3" onSubmit={submit} noValidate aria-label={submitLabel}>
      <FormField
        id={id}
        label={TOTP_TEXT.codeLabel}
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        error={error}
        onValueChange={setCode}
      />
      <div className="flex gap-2">
        <Button type="submit" disabled={pending}>
          {submitLabel}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          {TOTP_TEXT.cancel}
        </Button>
      </div>
    </form>
  );
}

/** The recovery codes, shown once, to copy or download. */
function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'wordloom-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div
      className="grid gap-3 rounded-md border p-4"
      role="region"
      aria-label={TOTP_TEXT.recoveryTitle}
    >
      <p className="font-medium">{TOTP_TEXT.recoveryTitle}</p>
      <p className="text-sm text-muted-foreground">{TOTP_TEXT.recoveryIntro}</p>
      <ul className="grid grid-cols-2 gap-1 font-mono text-sm" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() => void navigator.clipboard?.writeText(text)}
        >
          {TOTP_TEXT.copy}
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          {TOTP_TEXT.download}
        </Button>
        <Button type="button" onClick={onDone}>
          {TOTP_TEXT.saved}
        </Button>
      </div>
    </div>
  );
}

/**
 * The authenticator app on the Security page (issue 19): set up with a QR code (or
 * the key typed in), turned on by a code from the app, then the ten recovery codes
 * shown once; new recovery codes, or turning it off, need a current code.
 */
export function TotpSection({
  enabled,
  recoveryCodesLeft,
}: {
  enabled: boolean;
  recoveryCodesLeft: number;
}) {
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [action, setAction] = useState<Action | null>(null);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: [apiRoutes.account.security] });
    // The session says whether the account must still enrol.
    await queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.session] });
  };

  const start = useMutation({
    mutationFn: () => api.account.totp.setup(),
    onSuccess: setSetup,
    onError: (error) => notifyFailure(TOTP_TEXT.failed, error),
  });
  const confirm = useMutation({
    mutationFn: (code: string) => api.account.totp.confirm({ code }),
    onSuccess: (result) => {
      setSetup(null);
      setCodes(result.recoveryCodes);
      notifySuccess(TOTP_TEXT.enabled);
      void refresh();
    },
    onError: (error) => notifyFailure(TOTP_TEXT.failed, error),
  });
  const regenerate = useMutation({
    mutationFn: (code: string) => api.account.regenerateRecoveryCodes({ code }),
    onSuccess: (result) => {
      setAction(null);
      setCodes(result.recoveryCodes);
      void refresh();
    },
    onError: (error) => notifyFailure(TOTP_TEXT.failed, error),
  });
  const disable = useMutation({
    mutationFn: (code: string) => api.account.totp.disable({ code }),
    onSuccess: () => {
      setAction(null);
      notifySuccess(TOTP_TEXT.disabled);
      void refresh();
    },
    onError: (error) => notifyFailure(TOTP_TEXT.failed, error),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">
          {TOTP_TEXT.title}{' '}
          <span className="text-sm font-normal text-muted-foreground">
            ({enabled ? TOTP_TEXT.on : TOTP_TEXT.off})
          </span>
        </CardTitle>
        <CardDescription>{TOTP_TEXT.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {codes ? <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} /> : null}
        {!enabled && !setup ? (
          <div>
            <Button type="button" onClick={() => start.mutate()} disabled={start.isPending}>
              {TOTP_TEXT.setUp}
            </Button>
          </div>
        ) : null}
        {!enabled && setup ? (
          <div className="grid gap-3">
            <p className="text-sm">{TOTP_TEXT.scan}</p>
            <img
              src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`}
              alt={TOTP_TEXT.qrLabel}
              width={192}
              height={192}
              className="rounded-md border bg-white"
            />
            <div className="grid gap-1">
              <p className="text-sm font-medium">{TOTP_TEXT.secretLabel}</p>
              <code className="break-all font-mono text-sm" data-testid="totp-secret">
                {setup.secret}
              </code>
            </div>
            <CodeForm
              id="totp-confirm-code"
              submitLabel={TOTP_TEXT.confirm}
              pending={confirm.isPending}
              onSubmit={(code) => confirm.mutate(code)}
              onCancel={() => setSetup(null)}
            />
          </div>
        ) : null}
        {enabled ? (
          <div className="grid gap-3">
            <p className="text-sm text-muted-foreground">
              {TOTP_TEXT.codesLeft(recoveryCodesLeft)}
            </p>
            {action === null ? (
              <div className="flex flex-wrap gap-2">
                <Button type="button" variant="outline" onClick={() => setAction('regenerate')}>
                  {TOTP_TEXT.regenerate}
                </Button>
                <Button type="button" variant="outline" onClick={() => setAction('disable')}>
                  {TOTP_TEXT.disable}
                </Button>
              </div>
            ) : (
              <div className="grid gap-2">
                <p className="text-sm">
                  {action === 'regenerate' ? TOTP_TEXT.regenerateIntro : TOTP_TEXT.disableIntro}
                </p>
                <CodeForm
                  id={`totp-${action}-code`}
                  submitLabel={
                    action === 'regenerate' ? TOTP_TEXT.submitRegenerate : TOTP_TEXT.submitDisable
                  }
                  pending={regenerate.isPending || disable.isPending}
                  onSubmit={(code) =>
                    action === 'regenerate' ? regenerate.mutate(code) : disable.mutate(code)
                  }
                  onCancel={() => setAction(null)}
                />
              </div>
            )}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
