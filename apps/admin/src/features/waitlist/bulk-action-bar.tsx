import {
  ApiError,
  apiRoutes,
  type WaitlistBulkAction,
  type WaitlistBulkRun,
} from '@repo/api-client';
import { Button } from '@repo/ui';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { api } from '@/lib/api';
import { downloadCsv } from '@/lib/download-csv';
import { notifyFailure } from '@/lib/notify';
import { useCan } from '@/lib/permissions';
import { BULK_ACTION_TEXT, peopleCount, selectionRequest } from './bulk-selection';
import type { RowSelection } from './use-row-selection';

interface BulkActionBarProps {
  selection: RowSelection;
  /** The ids of the page shown. */
  pageIds: readonly string[];
  /** Entries matching the filter (the list's total). */
  matching: number;
  onRunStarted: (run: WaitlistBulkRun) => void;
}

/** A confirmation under way: its action, and the key that makes its retries safe. */
interface Pending {
  action: WaitlistBulkAction;
  idempotencyKey: string;
}

/**
 * Issue 32: what to do with the selected rows. Shown while rows are selected;
 * each action only for a role that may take it (the API refuses it anyway).
 */
export function BulkActionBar({ selection, pageIds, matching, onRunStarted }: BulkActionBarProps) {
  const canApprove = useCan('beta:approve');
  const canDelete = useCan('waitlist:write');
  const canExport = useCan('waitlist:export');
  const [confirming, setConfirming] = useState<Pending | null>(null);
  const start = useMutation({
    mutationFn: ({ action, idempotencyKey }: Pending) =>
      api.admin.waitlist.bulk(
        action,
        { selection: selectionRequest(selection.target!) },
        { idempotencyKey },
      ),
    onSuccess: (run) => {
      selection.clear();
      onRunStarted(run);
    },
    onError: (error) =>
      notifyFailure(
        'The bulk action did not start',
        error instanceof ApiError ? error : 'Check your connection and try again.',
      ),
  });
  const exporting = useMutation({
    mutationFn: () =>
      downloadCsv(apiRoutes.admin.waitlist.bulkExport, 'waitlist-selection.csv', {
        selection: selectionRequest(selection.target!),
      }),
    onError: (error) => notifyFailure('Export failed', error),
  });

  if (!selection.target) return null;
  const pageAllSelected = pageIds.length > 0 && pageIds.every((id) => selection.isSelected(id));
  const ask = (action: WaitlistBulkAction) =>
    // One key per confirmation: a retried request (a lost answer) starts no second run.
    setConfirming({ action, idempotencyKey: crypto.randomUUID() });
  const text = confirming ? BULK_ACTION_TEXT[confirming.action] : undefined;

  return (
    <div
      role="region"
      aria-label="Bulk actions"
      className="grid gap-2 rounded-md border bg-muted/40 p-3"
    >
      <div className="flex flex-wrap items-center gap-2">
        <p className="mr-auto text-sm font-medium" aria-live="polite">
          {selection.allMatching
            ? `All ${peopleCount(selection.count)} matching this filter selected`
            : `${selection.count.toLocaleString('en-US')} selected`}
        </p>
        {canApprove ? (
          <>
            <Button size="sm" disabled={start.isPending} onClick={() => ask('approve')}>
              {BULK_ACTION_TEXT.approve.button}
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={start.isPending}
              onClick={() => ask('hang-tight')}
            >
              {BULK_ACTION_TEXT['hang-tight'].button}
            </Button>
          </>
        ) : null}
        {canExport ? (
          <Button
            size="sm"
            variant="outline"
            disabled={exporting.isPending}
            onClick={() => exporting.mutate()}
          >
            Export selection
          </Button>
        ) : null}
        {canDelete ? (
          <Button
            size="sm"
            variant="outline"
            className="text-destructive hover:text-destructive"
            disabled={start.isPending}
            onClick={() => ask('delete')}
          >
            {BULK_ACTION_TEXT.delete.button}
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" onClick={selection.clear}>
          Clear selection
        </Button>
      </div>
      {pageAllSelected && !selection.allMatching && matching > pageIds.length ? (
        <p className="text-sm">
          All {pageIds.length} on this page are selected.{' '}
          <Button
            size="sm"
            variant="link"
            className="h-auto p-0"
            onClick={() => selection.selectAllMatching(matching)}
          >
            Select all {matching.toLocaleString('en-US')} matching this filter
          </Button>
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        title={text?.title(selection.count) ?? ''}
        description={text?.description ?? ''}
        confirmLabel={text?.confirm ?? ''}
        onClose={() => setConfirming(null)}
        onConfirm={() => confirming && start.mutate(confirming)}
      />
    </div>
  );
}
