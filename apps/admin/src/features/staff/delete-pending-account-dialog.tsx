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

interface DeletePendingAccountDialogProps {
  account: StaffAccount | null;
  onCancel: () => void;
  onConfirm: (account: StaffAccount) => void;
}

export function deletePendingConfirmation(account: StaffAccount): string {
  return `Delete the pending registration ${account.username} (${account.email})? Nobody has confirmed this address yet; the link mailed to it stops working. The address can register again or be invited.`;
}

/** Issue 19: a registration nobody confirmed is removed, never disabled and enabled. */
export function DeletePendingAccountDialog({
  account,
  onCancel,
  onConfirm,
}: DeletePendingAccountDialogProps) {
  return (
    <AlertDialog open={Boolean(account)} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete pending account</AlertDialogTitle>
          <AlertDialogDescription>
            {account ? deletePendingConfirmation(account) : null}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={() => account && onConfirm(account)}>
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
