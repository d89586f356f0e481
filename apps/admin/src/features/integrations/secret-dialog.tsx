import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Input,
  Label,
} from '@repo/ui';
import { TOAST } from '@/lib/messages';
import { notifyFailure, notifySuccess } from '@/lib/notify';
import { INTEGRATION_TEXTS } from './integration-texts';

/** What the dialog shows: a secret just made (a new endpoint) or just rotated. */
export interface ShownSecret {
  reason: 'created' | 'rotated';
  url: string;
  secret: string;
}

/**
 * The whole signing secret, shown once (the API never answers it again), with a copy
 * button. Closing the dialog forgets it.
 */
export function SecretDialog({
  shown,
  onClose,
}: {
  shown: ShownSecret | null;
  onClose: () => void;
}) {
  const rotated = shown?.reason === 'rotated';
  const copy = async (secret: string) => {
    try {
      await navigator.clipboard.writeText(secret);
      notifySuccess(TOAST.copied, INTEGRATION_TEXTS.secretCopied);
    } catch {
      notifyFailure(TOAST.copyFailed, TOAST.copyFailedDescription);
    }
  };

  return (
    <Dialog open={shown !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>
            {rotated ? INTEGRATION_TEXTS.rotatedSecretTitle : INTEGRATION_TEXTS.newSecretTitle}
          </DialogTitle>
          <DialogDescription>
            {rotated ? INTEGRATION_TEXTS.rotatedSecretNotice : INTEGRATION_TEXTS.newSecretNotice}
          </DialogDescription>
        </DialogHeader>
        {shown ? (
          <div className="grid min-w-0 gap-2">
            <Label htmlFor="webhook-secret" className="break-all">
              Signing secret of {shown.url}
            </Label>
            <Input
              id="webhook-secret"
              readOnly
              value={shown.secret}
              className="font-mono text-xs md:text-xs"
              onFocus={(event) => event.target.select()}
            />
          </div>
        ) : null}
        <DialogFooter className="gap-2">
          <Button variant="outline" onClick={() => shown && void copy(shown.secret)}>
            Copy secret
          </Button>
          <Button onClick={onClose}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
