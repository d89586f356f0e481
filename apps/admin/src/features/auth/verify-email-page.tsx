import { Button } from '@repo/ui';
import { verifyEmailSchema } from '@repo/validation';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { FormField } from '@/components/form-field';
import { api } from '@/lib/api';
import { serverFieldErrors } from '@/lib/field-issues';
import { errorMessage } from '@/lib/notify';
import { useValidatedForm } from '@/lib/use-validated-form';
import { AuthShell } from './auth-shell';

export const INVALID_LINK_MESSAGE = 'This link is invalid or has expired.';

/**
 * /verify-email?token=…: confirms a new account's address from the emailed link
 * (issue 8). Whoever opens the link holds the mailbox, so they set the account's
 * password here: one typed at registration, perhaps by someone else, is not kept
 * (issue 19).
 */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const form = useValidatedForm(verifyEmailSchema, { password: '' });
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const verify = useMutation({
    mutationFn: (password: string) => api.auth.verifyEmail({ token, password }),
    onError: (error) => setServerErrors(serverFieldErrors(error)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    if (!input || verify.isPending) return;
    verify.mutate(input.password);
  };

  let content;
  if (!token) {
    content = <p role="alert">{INVALID_LINK_MESSAGE}</p>;
  } else if (verify.isSuccess) {
    content = (
      <p role="status">
        {verify.data.message} Your username is <strong>{verify.data.username}</strong>.
      </p>
    );
  } else {
    // A refusal of the link itself (used, expired) is shown above the form; a
    // refused password beside its field.
    const linkError =
      verify.isError && !serverErrors.password ? errorMessage(verify.error) : undefined;
    content = (
      <form className="grid gap-4" onSubmit={submit} noValidate aria-label="Confirm email address">
        {linkError ? (
          <p role="alert" className="text-destructive">
            {linkError}
          </p>
        ) : null}
        <FormField
          id="verify-password"
          label="Choose a password"
          type="password"
          autoComplete="new-password"
          value={form.values.password}
          error={form.errors.password ?? serverErrors.password}
          onValueChange={(value) => {
            form.setValue('password', value);
            setServerErrors({});
          }}
          onBlur={() => form.touch('password')}
        />
        <Button type="submit" disabled={verify.isPending}>
          {verify.isPending ? 'Confirming...' : 'Confirm and set password'}
        </Button>
      </form>
    );
  }

  return (
    <AuthShell description="Confirm your email address and choose the password of your account.">
      <div className="grid gap-4">
        <div aria-live="polite">{content}</div>
        <Button asChild variant={verify.isSuccess ? 'default' : 'outline'}>
          <Link to="/auth">Go to sign in</Link>
        </Button>
      </div>
    </AuthShell>
  );
}
