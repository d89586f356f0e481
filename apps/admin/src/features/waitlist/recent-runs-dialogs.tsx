import type { WaitlistBulkRunList, WaitlistImportRunList } from '@repo/api-client';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  Progress,
  Skeleton,
} from '@repo/ui';
import { WAITLIST_IMPORT_PROBLEM_LABELS, type WaitlistImportProblem } from '@repo/validation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { api } from '@/lib/api';
import { errorMessage, notifyFailure, notifySuccess } from '@/lib/notify';
import { QUERY_PATHS } from '@/lib/query-paths';
import { useApiQuery } from '@/lib/use-api-query';
import { BULK_ACTION_TEXT, SKIP_REASON_TEXT } from './bulk-selection';

/** How often the lists are read again while a run in them is under way. */
const POLL_MS = 2000;

type ImportItem = WaitlistImportRunList['items'][number];
export type BulkRunSummary = WaitlistBulkRunList['items'][number];

const count = (value: number) => value.toLocaleString('en-US');
const when = (iso: string) => format(parseISO(iso), 'MMM d, yyyy HH:mm');
const problemText = (problem: string) =>
  WAITLIST_IMPORT_PROBLEM_LABELS[problem as WaitlistImportProblem] ?? problem;

interface ListDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function ListShell({
  open,
  onOpenChange,
  title,
  description,
  children,
}: ListDialogProps & { title: string; description: string; children: ReactNode }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

function ListState({
  query,
  empty,
}: {
  query: { isPending: boolean; error: unknown };
  empty: boolean;
}) {
  if (query.isPending) return <Skeleton className="h-24" />;
  if (query.error)
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(query.error)}
      </p>
    );
  return empty ? <p className="text-sm text-muted-foreground">None in the last 30 days.</p> : null;
}

function importStateText(run: ImportItem): string {
  switch (run.state) {
    case 'importing':
      return `Importing… ${count(run.processedRows)} of ${count(run.totalRows ?? 0)} rows`;
    case 'finished':
      return `Imported ${count(run.imported)} of ${count(run.totalRows ?? run.processedRows)} rows`;
    case 'undone':
      return `Undone${run.undoneAt ? ` on ${when(run.undoneAt)}` : ''}`;
    case 'failed':
      return `Stopped: ${run.error ?? 'unknown error'}`;
    default:
      return 'Not started';
  }
}

/**
 * Issue 34: the imports of the last 30 days, with their undo while it is
 * possible (a confirmation first), and a running one's progress.
 */
export function RecentImportsDialog({ open, onOpenChange }: ListDialogProps) {
  const queryClient = useQueryClient();
  const query = useApiQuery(QUERY_PATHS.waitlistImports, undefined, {
    enabled: open,
    // Read afresh each time the list opens.
    staleTime: 0,
    refetchInterval: (current) =>
      current.state.data?.items.some((run) => run.state === 'importing') ? POLL_MS : false,
  });
  const [undoing, setUndoing] = useState<ImportItem | null>(null);
  const undo = useMutation({
    mutationFn: (run: ImportItem) => api.admin.waitlist.imports.undo(run.id),
    onSuccess: (_run, run) =>
      notifySuccess('Import undone', `The people ${run.fileName} added were removed.`),
    onError: (error) => notifyFailure('Undo failed', error),
    onSettled: () => {
      for (const path of [
        QUERY_PATHS.waitlistImports,
        QUERY_PATHS.waitlist,
        QUERY_PATHS.outbox,
        QUERY_PATHS.auditLog,
      ]) {
        void queryClient.invalidateQueries({ queryKey: [path] });
      }
    },
  });
  const items = query.data?.items ?? [];
  return (
    <ListShell
      open={open}
      onOpenChange={onOpenChange}
      title="Recent imports"
      description="The CSV imports of the last 30 days. An import can be undone for 24 hours after it ends."
    >
      <ListState query={query} empty={items.length === 0} />
      {items.length > 0 ? (
        <ul aria-label="Recent imports" className="grid gap-2">
          {items.map((run) => {
            const total = run.totalRows ?? 0;
            const percent = total === 0 ? 100 : Math.round((run.processedRows / total) * 100);
            const skipped = Object.entries(run.problems);
            return (
              <li
                key={run.id}
                aria-label={run.fileName}
                data-state={run.state}
                className="grid gap-1.5 rounded-md border p-3 text-sm"
              >
                <div className="flex flex-wrap items-center gap-2">
                  <div className="mr-auto grid">
                    <span className="font-medium">{run.fileName}</span>
                    <span className="text-muted-foreground">
                      {run.startedAt ? when(run.startedAt) : when(run.createdAt)} by {run.startedBy}
                    </span>
                  </div>
                  {run.undoableUntil ? (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={undo.isPending}
                      onClick={() => setUndoing(run)}
                    >
                      Undo import
                    </Button>
                  ) : null}
                </div>
                <p>{importStateText(run)}</p>
                {run.state === 'importing' ? (
                  <Progress value={percent} aria-label={`${run.fileName}: ${percent}%`} />
                ) : null}
                {skipped.length > 0 ? (
                  <p className="text-muted-foreground">
                    Skipped:{' '}
                    {skipped
                      .map(([problem, n]) => `${problemText(problem)} ${count(n)}`)
                      .join(', ')}
                  </p>
                ) : null}
                {run.undoableUntil ? (
                  <p className="text-muted-foreground">
                    Can be undone until {when(run.undoableUntil)}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      <ConfirmDialog
        open={undoing !== null}
        title="Undo this import?"
        description={
          undoing
            ? `This deletes the ${count(undoing.imported)} ${undoing.imported === 1 ? 'entry' : 'entries'} ${undoing.fileName} added, and the confirmation emails still queued to them. This cannot be undone.`
            : null
        }
        confirmLabel="Undo import"
        onClose={() => setUndoing(null)}
        onConfirm={() => undoing && undo.mutate(undoing)}
      />
    </ListShell>
  );
}

/**
 * Issue 32: the bulk runs of the last 30 days with their results; a run opens
 * in the progress panel (its progress while it runs, who was skipped after).
 */
export function RecentBulkRunsDialog({
  open,
  onOpenChange,
  onShowRun,
}: ListDialogProps & { onShowRun: (run: BulkRunSummary) => void }) {
  const query = useApiQuery(QUERY_PATHS.waitlistBulkRuns, undefined, {
    enabled: open,
    // Read afresh each time the list opens.
    staleTime: 0,
    refetchInterval: (current) =>
      current.state.data?.items.some((run) => run.state === 'running') ? POLL_MS : false,
  });
  const items = query.data?.items ?? [];
  return (
    <ListShell
      open={open}
      onOpenChange={onOpenChange}
      title="Recent bulk actions"
      description="The bulk approvals, updates and deletions of the last 30 days."
    >
      <ListState query={query} empty={items.length === 0} />
      {items.length > 0 ? (
        <ul aria-label="Recent bulk actions" className="grid gap-2">
          {items.map((run) => {
            const text = BULK_ACTION_TEXT[run.action];
            const processed = run.done + run.skipped + run.failed;
            const reasons = Object.entries(run.reasons);
            const label = `${text.button}, ${when(run.createdAt)}`;
            return (
              <li
                key={run.id}
                aria-label={label}
                data-state={run.state}
                className="grid gap-1.5 rounded-md border p-3 text-sm"
              >
                <div className="flex flex-wrap items-center gap-2">
                  <div className="mr-auto grid">
                    <span className="font-medium">
                      {text.button}: {count(run.total)} {run.total === 1 ? 'person' : 'people'}
                    </span>
                    <span className="text-muted-foreground">
                      {when(run.createdAt)} by {run.startedBy}
                    </span>
                  </div>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => {
                      onShowRun(run);
                      onOpenChange(false);
                    }}
                  >
                    {run.state === 'running' ? 'Show progress' : 'Show result'}
                  </Button>
                </div>
                <p>
                  {run.state === 'running'
                    ? `${text.running}… ${count(processed)} of ${count(run.total)}`
                    : `Finished: ${count(run.done)} ${text.done}, ${count(run.skipped)} skipped, ${count(run.failed)} failed`}
                </p>
                {reasons.length > 0 ? (
                  <p className="text-muted-foreground">
                    {reasons
                      .map(([reason, n]) => `${SKIP_REASON_TEXT[reason] ?? reason}: ${count(n)}`)
                      .join(', ')}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </ListShell>
  );
}
