import {
  apiRoutes,
  type WaitlistBulkRun,
  type WaitlistEntry,
  type WaitlistSortField,
} from '@repo/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, CardContent } from '@repo/ui';
import type { RowSelectionState, VisibilityState } from '@tanstack/react-table';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ColumnVisibilityMenu } from '@/components/column-visibility-menu';
import type { DeletionTarget } from '@/components/delete-entry-dialog';
import { ExportButton } from '@/components/export-button';
import { FilterSelect } from '@/components/filter-select';
import { PagedDataTable } from '@/components/paged-data-table';
import { SearchField } from '@/components/search-field';
import { SectionHeader } from '@/components/section-header';
import { usePagedList } from '@/components/use-paged-list';
import { useServerPagedTable } from '@/components/use-server-paged-table';
import { useUrlFilter, useUrlSearch, useUrlSorting } from '@/components/use-url-list-state';
import { api } from '@/lib/api';
import { TOAST } from '@/lib/messages';
import { notifyFailure, notifySuccess } from '@/lib/notify';
import { QUERY_PATHS } from '@/lib/query-paths';
import { Can, useCan } from '@/lib/permissions';
import { selectionColumn } from './selection-column';
import { useRowSelection } from './use-row-selection';
import { personPath } from '@/features/people/person-link';
import { type WaitlistAction, WAITLIST_SORTABLE, waitlistColumns } from './waitlist-columns';
import { SignupSourcesCard } from './signup-sources';
import { RecentRunsMenu } from './recent-runs-menu';
import { SavedViewsMenu } from './saved-views';
import { useListKeyboard } from './use-list-keyboard';
import { useUrlColumnVisibility } from './use-url-columns';

/** Issue 11: confirmed (double opt-in) or not. */
const STATE_FILTERS = [
  { value: 'all', label: 'All entries' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'unconfirmed', label: 'Unconfirmed' },
] as const;

// The console's first screen: its dialogs download with the first action that opens one (issue 13).
const WaitlistEmailDialog = lazy(() =>
  import('./waitlist-email-dialog').then((module) => ({ default: module.WaitlistEmailDialog })),
);
const ReferralChainDialog = lazy(() =>
  import('./referral-chain-dialog').then((module) => ({ default: module.ReferralChainDialog })),
);
const ErasePersonDialog = lazy(() =>
  import('@/features/people/erase-person-dialog').then((module) => ({
    default: module.ErasePersonDialog,
  })),
);
const KeyboardShortcutsDialog = lazy(() =>
  import('./keyboard-shortcuts-dialog').then((module) => ({
    default: module.KeyboardShortcutsDialog,
  })),
);
// Issue 32: the bulk actions' bar and a run's progress, with the first row selected.
const BulkActionBar = lazy(() =>
  import('./bulk-action-bar').then((module) => ({ default: module.BulkActionBar })),
);
const BulkRunProgress = lazy(() =>
  import('./bulk-run-progress').then((module) => ({ default: module.BulkRunProgress })),
);
// Issue 34: the CSV import, with its button's first click.
const ImportDialog = lazy(() =>
  import('./import-dialog').then((module) => ({ default: module.ImportDialog })),
);
const DeleteEntryDialog = lazy(() =>
  import('@/components/delete-entry-dialog').then((module) => ({
    default: module.DeleteEntryDialog,
  })),
);

/** The columns staff may hide or show (the Columns menu), by id. */
const HIDEABLE_COLUMNS = [
  'firstName',
  'lastName',
  'email',
  'companyName',
  'monthlyContentVolume',
  'biggestChallenge',
  'primaryUse',
  'userType',
  'state',
  'position',
  'referralCount',
  'createdAt',
] as const;

const DEFAULT_VISIBILITY: VisibilityState = {
  // The wizard does not ask for it (spec section 4): hidden until asked for, which
  // leaves room for the state, position and referral columns of issue 11.
  monthlyContentVolume: false,
  biggestChallenge: false,
  primaryUse: false,
  userType: false,
  // Issue 20: so that every column and the actions fit at 1280 px beside the sidebar
  // (the order of the list is the default sort).
  position: false,
};

export function WaitlistTab() {
  // Search, state, sort and page live in the address (issue 20).
  const { text, onTextChange, search } = useUrlSearch();
  const [state, setState] = useUrlFilter('state', STATE_FILTERS, 'all');
  const [sorting, setSorting] = useUrlSorting(WAITLIST_SORTABLE, {
    id: 'createdAt',
    desc: true,
  });
  // Issue 32: the chosen columns live in the address too (`cols`), so a view keeps them.
  const [columnVisibility, setColumnVisibility] = useUrlColumnVisibility(
    HIDEABLE_COLUMNS,
    DEFAULT_VISIBILITY,
  );
  const [action, setAction] = useState<WaitlistAction | null>(null);
  const [deleting, setDeleting] = useState<DeletionTarget | null>(null);
  const [referralsOf, setReferralsOf] = useState<WaitlistEntry | null>(null);
  const [erasing, setErasing] = useState(false);
  const [importing, setImporting] = useState(false);
  const [showingKeys, setShowingKeys] = useState(false);
  // Mounted from the first action on, so closing animates and returns focus as usual.
  const [dialogsMounted, setDialogsMounted] = useState(false);
  if (
    !dialogsMounted &&
    (action !== null ||
      deleting !== null ||
      referralsOf !== null ||
      erasing ||
      importing ||
      showingKeys)
  )
    setDialogsMounted(true);
  const queryClient = useQueryClient();
  const resendConfirmation = useMutation({
    mutationFn: (entry: WaitlistEntry) => api.admin.waitlist.resendConfirmation(entry.id),
    onSuccess: (_data, entry) => {
      notifySuccess(
        TOAST.confirmationResent,
        `A new confirmation link is on its way to ${entry.email}.`,
      );
      void queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.outbox] });
    },
    onError: (error) => notifyFailure(TOAST.resendFailed, error),
  });
  const { mutate: resend } = resendConfirmation;
  const resendingId = (resendConfirmation.isPending && resendConfirmation.variables?.id) || null;

  // Paged, sorted and searched by the server so the table stays fast with 100,000
  // entries; a new search, sort or state starts from page 1.
  const sort = sorting[0];
  const filter = { search, state: state === 'all' ? undefined : state };
  // Issue 32: rows selected for a bulk action, and the run under way.
  const selection = useRowSelection(filter);
  const [bulkRun, setBulkRun] = useState<WaitlistBulkRun | null>(null);
  // A run reopened from the Recent menu: its summary, read in full by the panel.
  const [bulkRunReopened, setBulkRunReopened] = useState(false);
  const showBulkRun = (run: WaitlistBulkRun, reopened: boolean) => {
    setBulkRun(run);
    setBulkRunReopened(reopened);
  };
  const canAct = [useCan('beta:approve'), useCan('waitlist:write'), useCan('waitlist:export')];
  const canBulk = canAct.some(Boolean);
  const { query, paging } = usePagedList(
    QUERY_PATHS.waitlist,
    {
      sortBy: (sort?.id ?? 'createdAt') as WaitlistSortField,
      sortOrder: sort?.desc === false ? 'asc' : 'desc',
      ...filter,
    },
    { pageSize: 20 },
  );

  const rowColumns = useMemo(
    () =>
      waitlistColumns({
        onAction: setAction,
        onDelete: (entry: WaitlistEntry) =>
          setDeleting({
            remove: () => api.admin.waitlist.remove(entry.id),
            label: `${entry.firstName} ${entry.lastName}`,
          }),
        onResendConfirmation: resend,
        onShowReferrals: setReferralsOf,
        resendingId,
      }),
    [resend, resendingId],
  );
  const columns = useMemo(
    () => (canBulk ? [selectionColumn(selection), ...rowColumns] : rowColumns),
    [canBulk, selection, rowColumns],
  );
  const entries = query.data?.items;
  const rowIds = useMemo(() => (entries ?? []).map((entry) => entry.id), [entries]);
  // The table marks the rows the bulk selection holds (x and the checkboxes share it).
  const { isSelected } = selection;
  const rowSelection = useMemo<RowSelectionState>(
    () => Object.fromEntries(rowIds.filter(isSelected).map((id) => [id, true])),
    [rowIds, isSelected],
  );
  const table = useServerPagedTable({
    ...paging,
    columns,
    manualSorting: true,
    state: { sorting, columnVisibility, rowSelection },
    onSortingChange: setSorting,
    onColumnVisibilityChange: setColumnVisibility,
    enableSortingRemoval: false,
    sortDescFirst: false,
  });

  // Issue 32: j/k, x, Enter, / and ? (the "?" sheet lists them).
  const navigate = useNavigate();
  const mayOpen = useCan('people:read');
  const keyboard = useListKeyboard({
    rowIds,
    toggleSelection: selection.toggle,
    onOpen: (id) => {
      const entry = entries?.find((candidate) => candidate.id === id);
      if (entry && mayOpen) navigate(personPath(entry.email));
    },
    onFocusSearch: () => document.getElementById('waitlist-search')?.focus(),
    onShowHelp: () => setShowingKeys(true),
  });

  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <SectionHeader
          title="Waitlist"
          description="Approve people for the beta or send them a ‘Hang Tight’ update. Both show the email first."
          actions={
            <>
              {/* Issue 19: erasure is about the people on the list, so it lives here for any
                  role with people:erase (an Admin has no Staff tab). */}
              <Can permission="people:erase">
                <Button variant="outline" onClick={() => setErasing(true)}>
                  Erase a person
                </Button>
              </Can>
              <Can permission="waitlist:write">
                <Button variant="outline" onClick={() => setImporting(true)}>
                  Import
                </Button>
              </Can>
              <Can permission="waitlist:export">
                <ExportButton
                  path={apiRoutes.admin.waitlist.export}
                  filename="waitlist-export.csv"
                />
              </Can>
            </>
          }
        />
        <CardContent className="grid grid-cols-1 gap-4">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <SearchField
              id="waitlist-search"
              label="Search"
              placeholder="Name, email or company"
              value={text}
              onChange={onTextChange}
              className="w-full max-w-sm"
            />
            <FilterSelect
              id="waitlist-state"
              label="State"
              value={state}
              options={STATE_FILTERS}
              onChange={setState}
            />
            <div className="flex flex-wrap items-center gap-2">
              <SavedViewsMenu />
              <RecentRunsMenu
                onShowRun={({ startedBy: _startedBy, ...run }) =>
                  showBulkRun({ ...run, passedOver: [] }, true)
                }
              />
              <ColumnVisibilityMenu table={table} />
              {/* A phone has no keyboard to use them with. */}
              <Button
                variant="ghost"
                size="sm"
                className="hidden sm:inline-flex"
                onClick={() => setShowingKeys(true)}
                aria-keyshortcuts="?"
              >
                Keyboard shortcuts
              </Button>
            </div>
          </div>
          {bulkRun ? (
            <Suspense fallback={null}>
              <BulkRunProgress
                key={bulkRun.id}
                run={bulkRun}
                refresh={bulkRunReopened}
                onDismiss={() => setBulkRun(null)}
              />
            </Suspense>
          ) : null}
          {selection.target ? (
            <Suspense fallback={null}>
              <BulkActionBar
                selection={selection}
                pageIds={rowIds}
                matching={query.data?.total ?? 0}
                onRunStarted={(run) => showBulkRun(run, false)}
              />
            </Suspense>
          ) : null}
          <PagedDataTable
            table={table}
            query={query}
            caption="Waitlist entries"
            density="compact"
            rowProps={(row) => ({
              ...keyboard.rowProps(row.id, row.index),
              className:
                'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring data-[active=true]:bg-muted/60',
            })}
            emptyMessage={
              search ? `No waitlist entries match “${search}”.` : 'No one is on the waitlist yet.'
            }
          />
        </CardContent>
        {dialogsMounted ? (
          <Suspense fallback={null}>
            <WaitlistEmailDialog action={action} onClose={() => setAction(null)} />
            <ReferralChainDialog entry={referralsOf} onClose={() => setReferralsOf(null)} />
            <DeleteEntryDialog
              target={deleting}
              onClose={() => setDeleting(null)}
              invalidates={[QUERY_PATHS.waitlist, QUERY_PATHS.participants, QUERY_PATHS.outbox]}
            />
            <ErasePersonDialog open={erasing} onOpenChange={setErasing} />
            <ImportDialog open={importing} onOpenChange={setImporting} />
            <KeyboardShortcutsDialog open={showingKeys} onOpenChange={setShowingKeys} />
          </Suspense>
        ) : null}
      </Card>
      <SignupSourcesCard />
    </div>
  );
}
