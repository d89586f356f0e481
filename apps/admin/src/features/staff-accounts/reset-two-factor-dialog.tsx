import type { StaffAccount } from '@repo/api-client';
import { useMutation } from '@tanstack/react-query';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { api } from '@/lib/api';
import { notifyFailure, notifySuccess } from '@/lib/notify';

export const RESET_TWO_FACTOR_TEXT = {
  title: 'Reset two-factor sign-in',
  confirm: 'Reset',
  done: 'Two-factor sign-in reset',
  failed: 'Two-factor sign-in not reset',
} as const;

function resetTwoFactorConfirmation(username: string): string {
  return `Remove the authenticator app, recovery codes and passkeys of ${username}? Their sessions end, they are emailed, and they sign in with their password alone until they set it up again. Do this only when you have confirmed who asks.`;
}

/** Issue 19: a colleague's second factors removed after a confirmation (staff:manage). */
export function ResetTwoFactorDialog({
  account,
  onClose,
}: {
  account: StaffAccount | null;
  onClose: () => void;
}) {
  const reset = useMutation({
    mutationFn: (target: StaffAccount) => api.admin.accounts.resetTwoFactor(target.id),
    onSuccess: (result) => notifySuccess(RESET_TWO_FACTOR_TEXT.done, result.message),
    onError: (error) => notifyFailure(RESET_TWO_FACTOR_TEXT.failed, error),
  });
  return (
    <ConfirmDialog
      open={Boolean(account)}
      title={RESET_TWO_FACTOR_TEXT.title}
      description={account ? resetTwoFactorConfirmation(account.username) : null}
      confirmLabel={RESET_TWO_FACTOR_TEXT.confirm}
      onClose={onClose}
      onConfirm={() => account && reset.mutate(account)}
    />
  );
}
