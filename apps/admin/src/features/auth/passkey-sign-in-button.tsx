import type { User } from '@repo/api-client';
import { Button } from '@repo/ui';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { TOAST } from '@/lib/messages';
import { notifyFailure } from '@/lib/notify';
import { passkeyErrorMessage, passkeysSupported, signWithPasskey } from '@/lib/passkeys';
import { useSession } from './session-context';

export const PASSKEY_SIGN_IN_TEXT = {
  /** The first step: a sign-in without a password. */
  passwordless: 'Sign in with a passkey',
  /** The second step, after the password. */
  secondFactor: 'Use a passkey',
  waiting: 'Waiting for your passkey...',
} as const;

/**
 * Signs in with a passkey (issue 19): the API's options, the browser's prompt, the
 * answer checked by the API. Without a password first it is a password-less sign-in
 * (any of your passkeys; the device must verify you); after a right password the
 * API offers only that account's passkeys, as its second factor.
 */
export function PasskeySignInButton({
  mode,
  onSuccess,
}: {
  mode: 'passwordless' | 'secondFactor';
  onSuccess: (user: User) => void;
}) {
  const { completeSignIn } = useSession();
  const signIn = useMutation({
    mutationFn: async () => {
      const options = await api.auth.passkeyOptions();
      const response = await signWithPasskey(options);
      return api.auth.passkeySignIn({ response });
    },
    onSuccess: (user) => {
      completeSignIn(user);
      onSuccess(user);
    },
    onError: (error) => notifyFailure(TOAST.loginFailed, passkeyErrorMessage(error)),
  });
  if (!passkeysSupported()) return null;
  return (
    <Button
      type="button"
      variant="outline"
      disabled={signIn.isPending}
      onClick={() => signIn.mutate()}
    >
      {signIn.isPending ? PASSKEY_SIGN_IN_TEXT.waiting : PASSKEY_SIGN_IN_TEXT[mode]}
    </Button>
  );
}
