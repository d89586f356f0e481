import { Button, Spinner } from '@repo/ui';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { api } from '@/lib/api';
import { errorMessage } from '@/lib/notify';
import { AuthShell } from './auth-shell';

export const INVALID_LINK_MESSAGE = 'This link is invalid or has expired.';

/** /verify-email?token=…: confirms a new account's address from the emailed link (issue 8). */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const verify = useMutation({
    mutationFn: (value: string) => api.auth.verifyEmail(value),
  });
  const { mutate } = verify;

  // The token is single-use: post it once, even when React runs effects twice.
  const posted = useRef(false);
  useEffect(() => {
    if (posted.current || !token) return;
    posted.current = true;
    mutate(token);
  }, [mutate, token]);

  let result;
  if (!token) {
    result = <p role="alert">{INVALID_LINK_MESSAGE}</p>;
  } else if (verify.isSuccess) {
    result = <p role="status">{verify.data.message}</p>;
  } else if (verify.isError) {
    result = (
      <p role="alert" className="text-destructive">
        {errorMessage(verify.error)}
      </p>
    );
  } else {
    result = <Spinner label="Confirming your email address" />;
  }

  return (
    <AuthShell description="Confirm your email address.">
      <div className="grid gap-4">
        <div aria-live="polite">{result}</div>
        <Button asChild variant={verify.isSuccess ? 'default' : 'outline'}>
          <Link to="/auth">Go to sign in</Link>
        </Button>
      </div>
    </AuthShell>
  );
}
