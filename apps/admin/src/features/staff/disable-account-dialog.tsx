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
import { disableConfirmation } from '@/lib/messages';

interface DisableAccountDialogProps {
  account: StaffAccount | null;
  onCancel: () => void;
  onConfirm: (account: StaffAccount) => void;
}

export function DisableAccountDialog({ account, onCancel, onConfirm }: DisableAccountDialogProps) {
  return (
    <AlertDialog open={Boolean(account)} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Disable account</AlertDialogTitle>
          <AlertDialogDescription>
            {account ? disableConfirmation(account.username) : null}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={() => account && onConfirm(account)}>
            Disable
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
