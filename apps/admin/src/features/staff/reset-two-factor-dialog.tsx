import type { StaffAccount } from '@repo/api-client';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@repo/ui';
import { useMutation } from '@tanstack/react-query';
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
    <AlertDialog open={Boolean(account)} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{RESET_TWO_FACTOR_TEXT.title}</AlertDialogTitle>
          <AlertDialogDescription>
            {account ? resetTwoFactorConfirmation(account.username) : null}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            onClick={() => {
              if (account) reset.mutate(account);
              onClose();
            }}
          >
            {RESET_TWO_FACTOR_TEXT.confirm}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
