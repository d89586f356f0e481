import type { StaffAccount } from '@repo/api-client';
import { ConfirmDialog } from '@/components/confirm-dialog';

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
    <ConfirmDialog
      open={Boolean(account)}
      title="Delete pending account"
      description={account ? deletePendingConfirmation(account) : null}
      confirmLabel="Delete"
      onClose={onCancel}
      onConfirm={() => account && onConfirm(account)}
    />
  );
}
