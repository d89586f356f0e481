import { ApiError } from '@repo/api-client';
import { Button } from '@repo/ui';
import { type RegisterInput, registerSchema } from '@repo/validation';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormField } from '@/components/form-field';
import { serverFieldErrors } from '@/lib/field-issues';
import { SETUP_TOKEN_HINT, TOAST } from '@/lib/messages';
import { notifyFailure, notifySuccess } from '@/lib/notify';
import { QUERY_PATHS } from '@/lib/query-paths';
import { useApiQuery } from '@/lib/use-api-query';
import { useValidatedForm } from '@/lib/use-validated-form';
import { isPendingRegistration, useSession } from './session-context';

const SETUP_TOKEN_REQUIRED = 'Enter the setup token';

type ServerErrors = Partial<Record<keyof RegisterInput | 'setupToken', string>>;

export function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const { register, isRegistering } = useSession();
  const queryClient = useQueryClient();
  // Issue 8: while no account exists, the first one needs the operator's setup token.
  const setupStatus = useApiQuery(QUERY_PATHS.setupStatus);
  const needsSetup = setupStatus.data?.needsSetup === true;
  const form = useValidatedForm<keyof RegisterInput, RegisterInput>(registerSchema, {
    username: '',
    password: '',
    email: '',
    name: '',
  });
  const [setupToken, setSetupToken] = useState('');
  const [setupTokenTouched, setSetupTokenTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<ServerErrors>({});
  const [pendingNotice, setPendingNotice] = useState<string | null>(null);

  const setupTokenError =
    serverErrors.setupToken ??
    (needsSetup && setupTokenTouched && !setupToken.trim() ? SETUP_TOKEN_REQUIRED : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSetupTokenTouched(true);
    const input = form.validate();
    if (!input || (needsSetup && !setupToken.trim())) return;
    setPendingNotice(null);
    try {
      const response = await register(
        needsSetup ? { ...input, setupToken: setupToken.trim() } : input,
      );
      if (isPendingRegistration(response)) {
        // No session yet: the account works once its owner opens the emailed link.
        setPendingNotice(response.message);
        notifySuccess(TOAST.checkYourInbox, response.message);
        form.setValue('password', '');
        return;
      }
      onSuccess();
    } catch (error) {
      const fieldErrors: ServerErrors = serverFieldErrors(error);
      if (error instanceof ApiError && error.body?.type === 'setup_token_required') {
        fieldErrors.setupToken = error.serverMessage;
        // The status may have changed since the page loaded (or the other way round).
        void queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.setupStatus] });
      }
      setServerErrors(fieldErrors);
      // Includes the closed-registration refusal (403) with the server's explanation.
      notifyFailure(TOAST.registrationFailed, error);
    }
  };

  const clearServerError = (name: keyof ServerErrors) =>
    setServerErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _cleared, ...rest } = current;
      return rest;
    });

  const field = (name: keyof RegisterInput) => ({
    value: form.values[name],
    error: form.errors[name] ?? serverErrors[name],
    onValueChange: (value: string) => {
      form.setValue(name, value);
      clearServerError(name);
    },
    onBlur: () => form.touch(name),
  });

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate aria-label="Register">
      {pendingNotice ? (
        <p
          role="status"
          className="rounded-md border border-primary/30 bg-primary/5 p-3 text-sm text-foreground"
        >
          {pendingNotice}
        </p>
      ) : null}
      <FormField id="register-name" label="Name" autoComplete="name" {...field('name')} />
      <FormField
        id="register-email"
        label="Email"
        type="email"
        autoComplete="email"
        {...field('email')}
      />
      <FormField
        id="register-username"
        label="Username"
        autoComplete="username"
        {...field('username')}
      />
      <FormField
        id="register-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        {...field('password')}
      />
      {needsSetup ? (
        <FormField
          id="register-setup-token"
          label="Setup token"
          autoComplete="off"
          spellCheck={false}
          hint={SETUP_TOKEN_HINT}
          value={setupToken}
          error={setupTokenError}
          onValueChange={(value) => {
            setSetupToken(value);
            clearServerError('setupToken');
          }}
          onBlur={() => setSetupTokenTouched(true)}
        />
      ) : null}
      <Button type="submit" disabled={isRegistering}>
        {isRegistering ? 'Creating account...' : 'Create account'}
      </Button>
    </form>
  );
}
