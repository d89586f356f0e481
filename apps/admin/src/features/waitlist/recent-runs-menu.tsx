import {
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@repo/ui';
import { lazy, Suspense, useState } from 'react';
import { useCan } from '@/lib/permissions';
import type { BulkRunSummary } from './recent-runs-dialogs';
import { mainLandmark, useActionAfterMenu } from './row-actions-menu';

// The lists download with their first opening (the waitlist is the first screen).
const RecentImportsDialog = lazy(() =>
  import('./recent-runs-dialogs').then((module) => ({ default: module.RecentImportsDialog })),
);
const RecentBulkRunsDialog = lazy(() =>
  import('./recent-runs-dialogs').then((module) => ({ default: module.RecentBulkRunsDialog })),
);

/**
 * The waitlist's "Recent" menu: the imports of the last 30 days (issue 34, with
 * their undo: it outlives the import dialog) and the bulk runs (issue 32, each
 * reopened in the progress panel, which a reload loses).
 */
export function RecentRunsMenu({ onShowRun }: { onShowRun: (run: BulkRunSummary) => void }) {
  const mayImport = useCan('waitlist:write');
  const [dialog, setDialog] = useState<'imports' | 'bulk' | null>(null);
  const [mounted, setMounted] = useState(false);
  if (!mounted && dialog !== null) setMounted(true);
  const { triggerRef, later, content } = useActionAfterMenu();
  const open = (which: 'imports' | 'bulk') => later(() => setDialog(which));
  const openChange = (which: 'imports' | 'bulk') => (next: boolean) =>
    setDialog(next ? which : null);

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button ref={triggerRef} variant="outline" size="sm">
            Recent
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent className="w-56" container={mainLandmark()} {...content}>
          {mayImport ? (
            <DropdownMenuItem onSelect={() => open('imports')}>Recent imports…</DropdownMenuItem>
          ) : null}
          <DropdownMenuItem onSelect={() => open('bulk')}>Recent bulk actions…</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {mounted ? (
        <Suspense fallback={null}>
          {mayImport ? (
            <RecentImportsDialog open={dialog === 'imports'} onOpenChange={openChange('imports')} />
          ) : null}
          <RecentBulkRunsDialog
            open={dialog === 'bulk'}
            onOpenChange={openChange('bulk')}
            onShowRun={onShowRun}
          />
        </Suspense>
      ) : null}
    </>
  );
}
