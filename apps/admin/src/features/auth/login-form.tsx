import { Button } from '@repo/ui';
import { type LoginInput, loginSchema } from '@repo/validation';
import type { SecondFactorMethod } from '@repo/api-client';
import { type FormEvent, useState } from 'react';
import { FormField } from '@/components/form-field';
import { TOAST } from '@/lib/messages';
import { notifyFailure } from '@/lib/notify';
import { useValidatedForm } from '@/lib/use-validated-form';
import { PasskeySignInButton } from './passkey-sign-in-button';
import { SecondFactorStep } from './second-factor-step';
import { isSecondFactorRequired, useSession } from './session-context';

export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const { login, isLoggingIn } = useSession();
  // Issue 19: after a right password, the account's second factor (no session until then).
  const [secondFactor, setSecondFactor] = useState<SecondFactorMethod[] | null>(null);
  const form = useValidatedForm<keyof LoginInput, LoginInput>(loginSchema, {
    username: '',
    password: '',
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    if (!input) return;
    try {
      const response = await login(input);
      if (isSecondFactorRequired(response)) {
        setSecondFactor(response.methods);
        return;
      }
      onSuccess();
    } catch (error) {
      notifyFailure(TOAST.loginFailed, error);
    }
  };

  if (secondFactor) {
    return (
      <SecondFactorStep
        methods={secondFactor}
        onSuccess={onSuccess}
        onCancel={() => {
          setSecondFactor(null);
          form.setValue('password', '');
        }}
      />
    );
  }

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate aria-label="Login">
      <FormField
        id="login-username"
        label="Username"
        autoComplete="username"
        value={form.values.username}
        error={form.errors.username}
        onValueChange={(value) => form.setValue('username', value)}
        onBlur={() => form.touch('username')}
      />
      <FormField
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        value={form.values.password}
        error={form.errors.password}
        onValueChange={(value) => form.setValue('password', value)}
        onBlur={() => form.touch('password')}
      />
      <Button type="submit" disabled={isLoggingIn}>
        {isLoggingIn ? 'Logging in...' : 'Login'}
      </Button>
      <PasskeySignInButton mode="passwordless" onSuccess={onSuccess} />
    </form>
  );
}
