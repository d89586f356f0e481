import type { ApiKey } from '@repo/api-client';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { REVOKE_CONFIRMATION } from '@/lib/messages';

interface RevokeApiKeyDialogProps {
  apiKey: ApiKey | null;
  onCancel: () => void;
  onConfirm: (key: ApiKey) => void;
}

export function RevokeApiKeyDialog({ apiKey, onCancel, onConfirm }: RevokeApiKeyDialogProps) {
  return (
    <ConfirmDialog
      open={Boolean(apiKey)}
      title={`Revoke ${apiKey ? `“${apiKey.name}”` : 'API key'}?`}
      description={REVOKE_CONFIRMATION}
      confirmLabel="Revoke"
      onClose={onCancel}
      onConfirm={() => apiKey && onConfirm(apiKey)}
    />
  );
}
