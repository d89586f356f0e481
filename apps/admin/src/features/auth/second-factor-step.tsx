import { ApiError, type SecondFactorMethod } from '@repo/api-client';
import { Button } from '@repo/ui';
import { recoveryCodeBodySchema, totpCodeBodySchema, TWO_FACTOR_MESSAGES } from '@repo/validation';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormField } from '@/components/form-field';
import { api } from '@/lib/api';
import { TOAST } from '@/lib/messages';
import { notifyFailure } from '@/lib/notify';
import { PasskeySignInButton } from './passkey-sign-in-button';
import { useSession } from './session-context';

export const SECOND_FACTOR_TEXT = {
  heading: 'Two-factor sign-in',
  totpIntro: 'Enter the 6-digit code from your authenticator app.',
  recoveryIntro: 'Enter one of the recovery codes you saved when you set up two-factor sign-in.',
  totpLabel: 'Authentication code',
  recoveryLabel: 'Recovery code',
  verify: 'Verify',
  verifying: 'Verifying...',
  useRecovery: 'Use a recovery code',
  useTotp: 'Use your authenticator app',
  back: 'Back to sign-in',
} as const;

/**
 * The second step of a sign-in (issue 19), after a right password for an account
 * with a second factor: a code from the authenticator app, a recovery code, or a
 * passkey. A wrong code counts toward the sign-in back-off, as a wrong password does.
 */
export function SecondFactorStep({
  methods,
  onSuccess,
  onCancel,
}: {
  methods: SecondFactorMethod[];
  onSuccess: () => void;
  /** Back to the password (also when the 5 minutes of the pending sign-in are over). */
  onCancel: () => void;
}) {
  const { completeSignIn } = useSession();
  const [mode, setMode] = useState<'totp' | 'recovery'>(
    methods.includes('totp') || !methods.includes('recovery') ? 'totp' : 'recovery',
  );
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  const verify = useMutation({
    mutationFn: (value: string) =>
      mode === 'totp' ? api.auth.totp({ code: value }) : api.auth.recovery({ code: value }),
    onSuccess: (user) => {
      completeSignIn(user);
      onSuccess();
    },
    onError: (failure) => {
      notifyFailure(TOAST.loginFailed, failure);
      if (failure instanceof ApiError && failure.body?.type === 'second_factor_expired') onCancel();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const schema = mode === 'totp' ? totpCodeBodySchema : recoveryCodeBodySchema;
    const parsed = schema.safeParse({ code });
    if (!parsed.success) {
      setError(mode === 'totp' ? TWO_FACTOR_MESSAGES.code : TWO_FACTOR_MESSAGES.recoveryCode);
      return;
    }
    setError(undefined);
    verify.mutate(parsed.data.code);
  };

  const switchTo = (next: 'totp' | 'recovery') => {
    setMode(next);
    setCode('');
    setError(undefined);
  };

  const hasCodes = methods.includes('totp') || methods.includes('recovery');
  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">{SECOND_FACTOR_TEXT.heading}</h2>
        {hasCodes ? (
          <p className="text-sm text-muted-foreground">
            {mode === 'totp' ? SECOND_FACTOR_TEXT.totpIntro : SECOND_FACTOR_TEXT.recoveryIntro}
          </p>
        ) : null}
      </div>
      {hasCodes ? (
        <form
          className="grid gap-4"
          onSubmit={submit}
          noValidate
          aria-label={SECOND_FACTOR_TEXT.heading}
        >
          <FormField
            id="second-factor-code"
            label={
              mode === 'totp' ? SECOND_FACTOR_TEXT.totpLabel : SECOND_FACTOR_TEXT.recoveryLabel
            }
            autoComplete="one-time-code"
            inputMode={mode === 'totp' ? 'numeric' : 'text'}
            autoFocus
            value={code}
            error={error}
            onValueChange={setCode}
          />
          <Button type="submit" disabled={verify.isPending}>
            {verify.isPending ? SECOND_FACTOR_TEXT.verifying : SECOND_FACTOR_TEXT.verify}
          </Button>
        </form>
      ) : null}
      {mode === 'totp' && methods.includes('recovery') ? (
        <Button type="button" variant="link" onClick={() => switchTo('recovery')}>
          {SECOND_FACTOR_TEXT.useRecovery}
        </Button>
      ) : null}
      {mode === 'recovery' && methods.includes('totp') ? (
        <Button type="button" variant="link" onClick={() => switchTo('totp')}>
          {SECOND_FACTOR_TEXT.useTotp}
        </Button>
      ) : null}
      {methods.includes('passkey') ? (
        <PasskeySignInButton mode="secondFactor" onSuccess={onSuccess} />
      ) : null}
      <Button type="button" variant="ghost" onClick={onCancel}>
        {SECOND_FACTOR_TEXT.back}
      </Button>
    </div>
  );
}
