import type { TimelineEvent } from '@repo/api-client';
import { Badge, Skeleton } from '@repo/ui';
import { auditSentenceText } from '@/features/audit-log/audit-sentence';
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

/** One person's timeline, by address. */
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

/**
 * A person's page (/admin/people/:id): their name (or address), then one
 * timeline across signup (and its confirmation), referrals credited, beta,
 * contact, survey, email (with Postmark's events) and staff actions, newest first.
 */
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
