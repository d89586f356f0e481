import { Button } from '@repo/ui';
import { type RegisterInput, registerSchema } from '@repo/validation';
import type { FormEvent } from 'react';
import { FormField } from '@/components/form-field';
import { TOAST } from '@/lib/messages';
import { notifyFailure } from '@/lib/notify';
import { useValidatedForm } from '@/lib/use-validated-form';
import { useSession } from './session-context';

export function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const { register, isRegistering } = useSession();
  const form = useValidatedForm<keyof RegisterInput, RegisterInput>(registerSchema, {
    username: '',
    password: '',
    email: '',
    name: '',
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    if (!input) return;
    try {
      await register(input);
      onSuccess();
    } catch (error) {
      // Includes the closed-registration refusal (403) with the server's explanation.
      notifyFailure(TOAST.registrationFailed, error);
    }
  };

  const field = (name: keyof RegisterInput) => ({
    value: form.values[name],
    error: form.errors[name],
    onValueChange: (value: string) => form.setValue(name, value),
    onBlur: () => form.touch(name),
  });

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate aria-label="Register">
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
      <Button type="submit" disabled={isRegistering}>
        {isRegistering ? 'Creating account...' : 'Create account'}
      </Button>
    </form>
  );
}
