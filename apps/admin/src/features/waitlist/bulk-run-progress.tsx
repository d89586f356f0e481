import type { WaitlistBulkRun } from '@repo/api-client';
import { Button, Progress } from '@repo/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/api';
import { QUERY_PATHS } from '@/lib/query-paths';
import { BULK_ACTION_TEXT, SKIP_REASON_TEXT } from './bulk-selection';

/** How often a running run is asked for its progress. */
const POLL_MS = 1000;

interface BulkRunProgressProps {
  run: WaitlistBulkRun;
  onDismiss: () => void;
  /** The run as a list summed it up (no one passed over named): read it in full at once. */
  refresh?: boolean;
}

/**
 * Issue 32: a bulk run's progress while the API works through it (polled), then
 * its result: how many were done, and who was skipped and why.
 */
export function BulkRunProgress({
  run: started,
  onDismiss,
  refresh = false,
}: BulkRunProgressProps) {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: ['waitlist-bulk-run', started.id],
    queryFn: () => api.admin.waitlist.bulkRun(started.id),
    initialData: started,
    ...(refresh ? { initialDataUpdatedAt: 0, staleTime: 0 } : {}),
    refetchInterval: (query) => (query.state.data?.state === 'finished' ? false : POLL_MS),
  });
  const run = data ?? started;
  const finished = run.state === 'finished';
  useEffect(() => {
    if (!finished) return;
    // What the run changed: the list, the seats, the outbox, the counts and the log.
    for (const path of [
      QUERY_PATHS.waitlist,
      QUERY_PATHS.participants,
      QUERY_PATHS.outbox,
      QUERY_PATHS.dashboard,
      QUERY_PATHS.auditLog,
      QUERY_PATHS.waitlistBulkRuns,
    ]) {
      void queryClient.invalidateQueries({ queryKey: [path] });
    }
  }, [finished, queryClient]);

  const text = BULK_ACTION_TEXT[run.action];
  const processed = run.done + run.skipped + run.failed;
  const percent = run.total === 0 ? 100 : Math.round((processed / run.total) * 100);
  const reasons = Object.entries(run.reasons);

  return (
    <section
      aria-label="Bulk run"
      className="grid gap-2 rounded-md border p-3"
      data-state={run.state}
    >
      <div className="flex flex-wrap items-center gap-2">
        <p className="mr-auto text-sm font-medium" role="status">
          {finished
            ? `Finished: ${run.done.toLocaleString('en-US')} ${text.done}, ${run.skipped.toLocaleString('en-US')} skipped, ${run.failed.toLocaleString('en-US')} failed`
            : `${text.running}… ${processed.toLocaleString('en-US')} of ${run.total.toLocaleString('en-US')}`}
        </p>
        {finished ? (
          <Button size="sm" variant="ghost" onClick={onDismiss}>
            Dismiss
          </Button>
        ) : null}
      </div>
      <Progress value={percent} aria-label={`${text.running}: ${percent}%`} />
      {finished && reasons.length > 0 ? (
        <div className="grid gap-1 text-sm">
          <ul aria-label="Skipped, by reason" className="flex flex-wrap gap-x-4">
            {reasons.map(([reason, count]) => (
              <li key={reason}>
                {SKIP_REASON_TEXT[reason] ?? reason}: {count.toLocaleString('en-US')}
              </li>
            ))}
          </ul>
          <details>
            <summary className="cursor-pointer">Who was skipped</summary>
            <ul className="mt-1 grid gap-0.5 text-muted-foreground">
              {run.passedOver.map((person) => (
                <li key={person.id}>
                  {person.name || 'A deleted entry'}
                  {person.email ? ` (${person.email})` : ''}:{' '}
                  {SKIP_REASON_TEXT[person.reason] ?? person.reason}
                </li>
              ))}
              {run.skipped + run.failed > run.passedOver.length ? (
                <li>
                  …and {(run.skipped + run.failed - run.passedOver.length).toLocaleString('en-US')}{' '}
                  more
                </li>
              ) : null}
            </ul>
          </details>
        </div>
      ) : null}
    </section>
  );
}
