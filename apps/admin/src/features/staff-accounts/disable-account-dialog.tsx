import type { StaffAccount } from '@repo/api-client';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { disableConfirmation } from '@/lib/messages';

interface DisableAccountDialogProps {
  account: StaffAccount | null;
  onCancel: () => void;
  onConfirm: (account: StaffAccount) => void;
}

export function DisableAccountDialog({ account, onCancel, onConfirm }: DisableAccountDialogProps) {
  return (
    <ConfirmDialog
      open={Boolean(account)}
      title="Disable account"
      description={account ? disableConfirmation(account.username) : null}
      confirmLabel="Disable"
      onClose={onCancel}
      onConfirm={() => account && onConfirm(account)}
    />
  );
}
