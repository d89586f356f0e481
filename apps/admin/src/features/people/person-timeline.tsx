import type { TimelineEvent } from '@repo/api-client';
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
import { auditSentenceText } from '@/features/audit/audit-sentence';
import { formatDateTime } from '@/lib/format';
import { errorMessage } from '@/lib/notify';
import { QUERY_PATHS } from '@/lib/query-paths';
import { useApiQuery } from '@/lib/use-api-query';

const KIND_LABELS: Record<string, string> = {
  signup: 'Signup',
  confirmation: 'Confirmed',
  referral: 'Referral',
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
 * person across signup (and its confirmation), referrals credited, beta,
 * contact, survey, email (with Postmark's events) and staff actions, newest first.
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

/** One person's timeline, by address: fetched once, shared by the dialog and the page. */
function usePersonTimeline(email: string | null) {
  return useApiQuery(
    QUERY_PATHS.personTimeline,
    { email: email ?? '' },
    { enabled: Boolean(email), staleTime: 0 },
  );
}

/** A staff action reads as the audit log's sentence, with the names looked up now. */
function titleOf(event: TimelineEvent): string {
  return event.audit
    ? auditSentenceText({ ...event.audit, targetType: event.ref?.type ?? null })
    : event.title;
}

/** The events, newest first, or what stands in for them (loading, error, none). */
function TimelineEvents({ timeline }: { timeline: ReturnType<typeof usePersonTimeline> }) {
  const data = timeline.data;
  if (timeline.isPending) {
    return (
      <div className="grid gap-2">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-10" />
        ))}
      </div>
    );
  }
  if (timeline.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(timeline.error)}
      </p>
    );
  }
  if (!data || data.events.length === 0) {
    return <p className="text-sm text-muted-foreground">Nothing recorded for this address.</p>;
  }
  return (
    <ol className="grid gap-3" aria-label="Timeline">
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
            <span className="font-medium break-words">{titleOf(event)}</span>
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
  );
}

/** A person's page: their name (or address) and everything about them, newest first. */
export function PersonTimeline({ email }: { email: string }) {
  const timeline = usePersonTimeline(email);
  return (
    <section className="grid gap-4" aria-labelledby="person-timeline-title">
      <header className="grid gap-1">
        <h2 id="person-timeline-title" className="text-lg font-semibold break-words">
          {timeline.data?.name ?? email}
        </h2>
        <p className="text-sm text-muted-foreground">{`Everything about ${email}, newest first.`}</p>
      </header>
      <TimelineEvents timeline={timeline} />
    </section>
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
        <div className="max-h-[60vh] overflow-y-auto pr-1">
          <TimelineEvents timeline={timeline} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
