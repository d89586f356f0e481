import type { ApiKey } from '@repo/api-client';
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
import { REVOKE_CONFIRMATION } from '@/lib/messages';

interface RevokeApiKeyDialogProps {
  apiKey: ApiKey | null;
  onCancel: () => void;
  onConfirm: (key: ApiKey) => void;
}

export function RevokeApiKeyDialog({ apiKey, onCancel, onConfirm }: RevokeApiKeyDialogProps) {
  return (
    <AlertDialog open={Boolean(apiKey)} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Revoke {apiKey ? `“${apiKey.name}”` : 'API key'}?</AlertDialogTitle>
          <AlertDialogDescription>{REVOKE_CONFIRMATION}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={() => apiKey && onConfirm(apiKey)}>Revoke</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
