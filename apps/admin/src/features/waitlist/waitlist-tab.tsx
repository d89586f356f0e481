import {
  apiRoutes,
  type WaitlistEntry,
  type WaitlistSortField,
  type WaitlistState,
} from '@repo/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Card, CardContent, Input, Label } from '@repo/ui';
import type { PaginationState, SortingState, VisibilityState } from '@tanstack/react-table';
import { lazy, Suspense, useMemo, useState } from 'react';
import { ColumnVisibilityMenu } from '@/components/column-visibility-menu';
import { DataTable } from '@/components/data-table';
import type { DeletionTarget } from '@/components/delete-entry-dialog';
import { ExportButton } from '@/components/export-button';
import { FilterSelect } from '@/components/filter-select';
import { SectionHeader } from '@/components/section-header';
import { TablePagination } from '@/components/table-pagination';
import { useServerPagedTable } from '@/components/use-server-paged-table';
import { api } from '@/lib/api';
import { TOAST } from '@/lib/messages';
import { notifyFailure, notifySuccess } from '@/lib/notify';
import { QUERY_PATHS } from '@/lib/query-paths';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { type WaitlistAction, waitlistColumns } from './waitlist-columns';
import { SignupSourcesCard } from './signup-sources';
import { useWaitlist } from './use-waitlist';

const SEARCH_DELAY_MS = 300;

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
const DeleteEntryDialog = lazy(() =>
  import('@/components/delete-entry-dialog').then((module) => ({
    default: module.DeleteEntryDialog,
  })),
);

export function WaitlistTab() {
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: 20 });
  const [sorting, setSorting] = useState<SortingState>([{ id: 'createdAt', desc: true }]);
  const [columnVisibility, setColumnVisibility] = useState<VisibilityState>({
    // The wizard does not ask for it (spec section 4): hidden until asked for, which
    // leaves room for the state, position and referral columns of issue 11.
    monthlyContentVolume: false,
    biggestChallenge: false,
    primaryUse: false,
    userType: false,
  });
  const [action, setAction] = useState<WaitlistAction | null>(null);
  const [deleting, setDeleting] = useState<DeletionTarget | null>(null);
  const [referralsOf, setReferralsOf] = useState<WaitlistEntry | null>(null);
  const [state, setState] = useState('all');
  // Mounted from the first action on, so closing animates and returns focus as usual.
  const [dialogsMounted, setDialogsMounted] = useState(false);
  if (!dialogsMounted && (action !== null || deleting !== null || referralsOf !== null))
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

  // A new search starts from page 1 (adjusting state while rendering, not in an effect).
  const [searchedFor, setSearchedFor] = useState(debouncedSearch);
  if (searchedFor !== debouncedSearch) {
    setSearchedFor(debouncedSearch);
    setPagination((current) => ({ ...current, pageIndex: 0 }));
  }

  const sort = sorting[0];
  const query = useWaitlist({
    page: pagination.pageIndex + 1,
    pageSize: pagination.pageSize,
    sortBy: (sort?.id ?? 'createdAt') as WaitlistSortField,
    sortOrder: sort?.desc === false ? 'asc' : 'desc',
    search: debouncedSearch,
    state: state === 'all' ? undefined : (state as WaitlistState),
  });

  const columns = useMemo(
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
  const table = useServerPagedTable({
    page: query.data,
    columns,
    manualSorting: true,
    pagination,
    state: { sorting, columnVisibility },
    onPaginationChange: setPagination,
    onSortingChange: (updater) => {
      setSorting(updater);
      setPagination((current) => ({ ...current, pageIndex: 0 }));
    },
    onColumnVisibilityChange: setColumnVisibility,
    enableSortingRemoval: false,
    sortDescFirst: false,
  });

  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <SectionHeader
          title="Waitlist"
          description="Approve people for the beta or send them a ‘Hang Tight’ update. Both show the email first."
          actions={
            <ExportButton path={apiRoutes.admin.waitlist.export} filename="waitlist-export.csv" />
          }
        />
        <CardContent className="grid grid-cols-1 gap-4">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div className="grid w-full max-w-sm gap-2">
              <Label htmlFor="waitlist-search">Search</Label>
              <Input
                id="waitlist-search"
                type="search"
                placeholder="Name, email or company"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
            <FilterSelect
              id="waitlist-state"
              label="State"
              value={state}
              options={STATE_FILTERS}
              onChange={(value) => {
                setState(value);
                setPagination((current) => ({ ...current, pageIndex: 0 }));
              }}
            />
            <ColumnVisibilityMenu table={table} />
          </div>
          <DataTable
            table={table}
            caption="Waitlist entries"
            isLoading={query.isPending}
            isRefreshing={query.isPlaceholderData}
            error={query.error}
            onRetry={() => void query.refetch()}
            emptyMessage={
              debouncedSearch
                ? `No waitlist entries match “${debouncedSearch}”.`
                : 'No one is on the waitlist yet.'
            }
          />
          <TablePagination table={table} total={query.data?.total ?? 0} />
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
          </Suspense>
        ) : null}
      </Card>
      <SignupSourcesCard />
    </div>
  );
}
