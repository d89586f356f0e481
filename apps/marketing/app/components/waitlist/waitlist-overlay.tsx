import {
  FullScreenModal,
  FullScreenModalDescription,
  FullScreenModalTitle,
  Input,
  Label,
} from '@repo/ui';
import { BETA_CAP } from '@repo/validation';
import { startTransition, useEffect, useId, useState } from 'react';
import { inviteCodeOfVisit } from './visit-codes';
import { WaitlistWizard } from './waitlist-wizard';

interface WaitlistOverlayProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The wizard as a full-screen overlay: Escape or the close button closes it. */
export function WaitlistOverlay({ open, onOpenChange }: WaitlistOverlayProps) {
  const inviteId = useId();
  // Issue 11: an invite code redeemed with the signup, filled in from /beta?invite=CODE.
  // Read as the state starts (the overlay renders only in the browser), not in an effect
  // that would render the dialog a second time in the click that opens it (issue 22).
  const [inviteCode, setInviteCode] = useState(() => inviteCodeOfVisit() ?? '');
  // Issue 22 (INP): the dialog, its title and the invite code paint in the frame of the
  // click that opened it; the wizard, most of the work, renders in a transition right
  // after, in the space kept for its first step. Once shown it stays, with what was typed.
  const [wizardShown, setWizardShown] = useState(false);
  useEffect(() => {
    if (open) startTransition(() => setWizardShown(true));
  }, [open]);
  return (
    <FullScreenModal open={open} onOpenChange={onOpenChange} closeLabel="Close waitlist form">
      <div className="mx-auto flex w-full max-w-xl flex-1 flex-col justify-center px-4 py-16 sm:px-6">
        <FullScreenModalTitle className="text-sm font-semibold uppercase tracking-wide text-primary">
          Apply for Beta Access
        </FullScreenModalTitle>
        <FullScreenModalDescription className="mt-2 text-muted-foreground">
          Seven quick questions. Places are limited to {BETA_CAP} beta testers.
        </FullScreenModalDescription>
        <div className="mt-6 grid max-w-xs gap-1.5">
          <Label htmlFor={inviteId}>Invite code (optional)</Label>
          <Input
            id={inviteId}
            value={inviteCode}
            autoComplete="off"
            spellCheck={false}
            maxLength={32}
            onChange={(event) => setInviteCode(event.target.value.toUpperCase())}
            className="font-mono uppercase"
          />
        </div>
        <div className="mt-8">
          {wizardShown ? (
            <WaitlistWizard variant="overlay" inviteCode={inviteCode} />
          ) : (
            <div className="h-64" />
          )}
        </div>
      </div>
    </FullScreenModal>
  );
}
