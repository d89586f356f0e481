import { Button, Input, Label, Spinner } from '@repo/ui';
import { acceptInviteSchema } from '@repo/validation';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { FormField } from '@/components/form-field';
import { serverFieldErrors } from '@/lib/field-issues';
import { TOAST } from '@/lib/messages';
import { errorMessage, notifyFailure } from '@/lib/notify';
import { QUERY_PATHS } from '@/lib/query-paths';
import { useApiQuery } from '@/lib/use-api-query';
import { useValidatedForm } from '@/lib/use-validated-form';
import { AuthShell } from './auth-shell';
import { useSession } from './session-context';
import { INVALID_LINK_MESSAGE } from './verify-email-page';

type AcceptInviteField = 'name' | 'username' | 'password';

function AcceptInviteForm({ token, email }: { token: string; email: string }) {
  const { acceptInvite, isAcceptingInvite } = useSession();
  const navigate = useNavigate();
  const form = useValidatedForm(acceptInviteSchema, { name: '', username: '', password: '' });
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    if (!input) return;
    try {
      await acceptInvite({ token, ...input });
      navigate('/admin', { replace: true });
    } catch (error) {
      setServerErrors(serverFieldErrors(error));
      notifyFailure(TOAST.registrationFailed, error);
    }
  };

  const field = (name: AcceptInviteField) => ({
    value: form.values[name],
    error: form.errors[name] ?? serverErrors[name],
    onValueChange: (value: string) => {
      form.setValue(name, value);
      setServerErrors(({ [name]: _cleared, ...rest }) => rest);
    },
    onBlur: () => form.touch(name),
  });

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate aria-label="Accept invitation">
      <div className="grid gap-2">
        <Label htmlFor="invite-email">Email</Label>
        <Input id="invite-email" value={email} readOnly aria-readonly="true" />
      </div>
      <FormField id="invite-name" label="Name" autoComplete="name" {...field('name')} />
      <FormField
        id="invite-username"
        label="Username"
        autoComplete="username"
        {...field('username')}
      />
      <FormField
        id="invite-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        {...field('password')}
      />
      <Button type="submit" disabled={isAcceptingInvite}>
        {isAcceptingInvite ? 'Creating account...' : 'Create account'}
      </Button>
    </form>
  );
}

/** /accept-invite?token=…: an invited member of staff creates their account (issue 8). */
export function AcceptInvitePage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const invite = useApiQuery(QUERY_PATHS.invite, { token }, { enabled: Boolean(token) });

  let content;
  if (!token || invite.isError) {
    content = (
      <div className="grid gap-4">
        <p role="alert" className="text-destructive">
          {token ? errorMessage(invite.error) : INVALID_LINK_MESSAGE}
        </p>
        <Button asChild variant="outline">
          <Link to="/auth">Go to sign in</Link>
        </Button>
      </div>
    );
  } else if (invite.isPending) {
    content = <Spinner label="Loading the invitation" />;
  } else {
    content = <AcceptInviteForm token={token} email={invite.data.email} />;
  }

  return (
    <AuthShell description="You were invited to the console. Create your account.">
      {content}
    </AuthShell>
  );
}
