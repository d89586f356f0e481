import { Link } from '@remix-run/react';
import { Button } from '@repo/ui';
import { CheckCircle2 } from 'lucide-react';
import { SITE_NAME } from '~/utils/site';
import type { InviteOutcome } from './waitlist-submission';

interface WaitlistDoneProps {
  email: string;
  invite?: InviteOutcome;
  /**
   * Issue 22: a page answered without JavaScript has no toast; the toast's words
   * (spec section 8) are shown here instead.
   */
  notice?: { title: string; description?: string };
}

/** The success screen of spec section 2, with what an invite code did (issues 11 and 19). */
export function WaitlistDone({ email, invite, notice }: WaitlistDoneProps) {
  return (
    <div className="flex flex-col items-center py-8 text-center" role="status">
      <CheckCircle2 className="h-14 w-14 text-success" aria-hidden="true" />
      <h2 className="mt-4 text-3xl font-bold tracking-tight">You&apos;re on the list!</h2>
      {notice ? (
        <div className="mt-4 max-w-md rounded-lg border p-4" data-testid="waitlist-notice">
          <p className="font-semibold">{notice.title}</p>
          {notice.description ? (
            <p className="mt-1 text-sm text-muted-foreground">{notice.description}</p>
          ) : null}
        </div>
      ) : null}
      <p className="mt-3 max-w-md text-muted-foreground">
        Thanks for joining the {SITE_NAME} beta waitlist. We review every signup and will email you
        as soon as a place opens up.
      </p>
      {invite === 'approved' ? (
        <p className="mt-3 max-w-md font-medium">
          Your invite code gave you a seat in the beta: we&apos;ve emailed your invitation to{' '}
          <span className="break-all">{email}</span>. Accept it to take your seat.
        </p>
      ) : invite === 'queued' ? (
        // A confirmed address already on the list: no confirmation link to open.
        <p className="mt-3 max-w-md font-medium">
          The beta is full right now, so your invite code put you at the front of the queue.
        </p>
      ) : (
        <p className="mt-3 max-w-md font-medium">
          We&apos;ve sent a confirmation link to <span className="break-all">{email}</span>
          {invite === 'pending'
            ? ': open it to use your invite code, for a seat in the beta if one is free, else the front of the queue.'
            : ': open it to take your place in the queue.'}
        </p>
      )}
      <Button asChild size="lg" className="mt-8">
        <Link to="/">Back to Homepage</Link>
      </Button>
    </div>
  );
}
