import {
  Badge,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  Skeleton,
} from '@repo/ui';
import { useState } from 'react';
import { formatDateTime } from '@/lib/format';
import { errorMessage } from '@/lib/notify';
import { QUERY_PATHS } from '@/lib/query-paths';
import { useApiQuery } from '@/lib/use-api-query';

const KIND_LABELS: Record<string, string> = {
  signup: 'Signup',
  invitation: 'Beta',
  participant: 'Beta',
  contact: 'Contact',
  survey: 'Survey',
  email: 'Email',
  delivery: 'Delivery',
  suppression: 'Suppression',
  admin: 'Staff',
};

/**
 * A 'History' button for any row with an address: opens one timeline of the
 * person across signup, beta, contact, survey, email (with Postmark's events)
 * and staff actions, newest first.
 */
export function PersonTimelineButton({ email, name }: { email: string; name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => setOpen(true)}
        aria-label={`History of ${name}`}
      >
        History
      </Button>
      <PersonTimelineDialog email={open ? email : null} onClose={() => setOpen(false)} />
    </>
  );
}

function PersonTimelineDialog({ email, onClose }: { email: string | null; onClose: () => void }) {
  const timeline = usePersonTimeline(email);
  return (
    <Dialog open={Boolean(email)} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{timeline.data?.name ?? email ?? 'History'}</DialogTitle>
          <DialogDescription>
            {email ? `Everything about ${email}, newest first.` : ''}
          </DialogDescription>
        </DialogHeader>
        {email ? <PersonTimeline email={email} /> : null}
      </DialogContent>
    </Dialog>
  );
}

/** One address's timeline (the same query for the dialog, the person page and its heading). */
export function usePersonTimeline(email: string | null) {
  return useApiQuery(
    QUERY_PATHS.personTimeline,
    { email: email ?? '' },
    { enabled: Boolean(email), staleTime: 0 },
  );
}

/** The events of one address, newest first: in the History dialog and on /admin/people/:id. */
export function PersonTimeline({ email }: { email: string }) {
  const timeline = usePersonTimeline(email);
  const data = timeline.data;
  return timeline.isPending ? (
    <div className="grid gap-2">
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} className="h-10" />
      ))}
    </div>
  ) : timeline.isError ? (
    <p role="alert" className="text-sm text-destructive">
      {errorMessage(timeline.error)}
    </p>
  ) : data && data.events.length > 0 ? (
    <ol className="grid max-h-[60vh] gap-3 overflow-y-auto pr-1" aria-label="Timeline">
      {data.events.map((event, index) => (
        <li
          key={`${event.at}-${event.kind}-${index}`}
          className="grid grid-cols-[6.5rem_1fr] gap-3 border-l-2 pl-3 text-sm"
        >
          <span className="grid content-start gap-1">
            <Badge variant="secondary" className="w-fit">
              {KIND_LABELS[event.kind] ?? event.kind}
            </Badge>
          </span>
          <span className="grid gap-0.5">
            <span className="font-medium break-words">{event.title}</span>
            {event.detail ? (
              <span className="break-words text-muted-foreground">{event.detail}</span>
            ) : null}
            <time className="text-xs text-muted-foreground" dateTime={event.at}>
              {formatDateTime(event.at)}
            </time>
          </span>
        </li>
      ))}
    </ol>
  ) : (
    <p className="text-sm text-muted-foreground">Nothing recorded for this address.</p>
  );
}
