import type { BetaParticipant } from '@repo/api-client';
import { Card, CardContent } from '@repo/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
} from '@tanstack/react-table';
import { useMemo } from 'react';
import { ColumnVisibilityMenu } from '@/components/column-visibility-menu';
import { DataTable } from '@/components/data-table';
import { SearchField } from '@/components/search-field';
import { SectionHeader } from '@/components/section-header';
import { TablePagination } from '@/components/table-pagination';
import { useUrlPagination, useUrlSearch, useUrlSorting } from '@/components/use-url-list-state';
import { api } from '@/lib/api';
import { TOAST } from '@/lib/messages';
import { notifyFailure, notifySuccess } from '@/lib/notify';
import { QUERY_PATHS } from '@/lib/query-paths';
import { AutoFillSwitch } from './auto-fill-switch';
import { participantColumns } from './beta-columns';
import { SeatFigures } from './seat-figures';
import { useParticipants } from './use-participants';

// The table's data while there is no list (loading, or failed): always this one array.
// A new [] on each render would make TanStack Table reset its page index after every
// render, which renders again, without end; inside a click or key event those renders
// are synchronous and the tab hangs for good.
const NO_PARTICIPANTS: BetaParticipant[] = [];

const SORTABLE = ['name', 'email', 'status', 'invitedAt', 'lastActiveAt'];

export function BetaTab() {
  const queryClient = useQueryClient();
  const participants = useParticipants();
  // Filter, sort and page live in the address (issue 20); the rows follow the box at once.
  const { text: filter, onTextChange: setFilter } = useUrlSearch('filter');
  const [sorting, setSorting] = useUrlSorting(SORTABLE, { id: 'invitedAt', desc: true });
  const [pagination, setPagination] = useUrlPagination(20);

  const toggleStatus = useMutation({
    mutationFn: (participant: BetaParticipant) =>
      api.admin.beta.setStatus(participant.id, {
        status: participant.status === 'active' ? 'inactive' : 'active',
      }),
    onSuccess: (_data, participant) => {
      notifySuccess(
        TOAST.statusUpdated,
        `${participant.firstName} ${participant.lastName} is now ${participant.status === 'active' ? 'inactive' : 'active'}.`,
      );
      void queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.participants] });
    },
    onError: (error) => notifyFailure(TOAST.updateFailed, error),
  });

  const resendInvite = useMutation({
    mutationFn: (participant: BetaParticipant) => api.admin.beta.resendInvite(participant.id),
    onSuccess: (_data, participant) => {
      notifySuccess(
        TOAST.invitationResent,
        `A new invitation is on its way to ${participant.email}.`,
      );
      void queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.outbox] });
    },
    onError: (error) => notifyFailure(TOAST.resendFailed, error),
  });

  const busyId =
    (toggleStatus.isPending && toggleStatus.variables?.id) ||
    (resendInvite.isPending && resendInvite.variables?.id) ||
    null;
  const { mutate: toggle } = toggleStatus;
  const { mutate: resend } = resendInvite;
  const columns = useMemo(
    () => participantColumns({ onToggleStatus: toggle, onResendInvite: resend, busyId }),
    [toggle, resend, busyId],
  );

  const table = useReactTable({
    data: participants.data?.participants ?? NO_PARTICIPANTS,
    columns,
    getRowId: (row) => row.id,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    state: { sorting, globalFilter: filter, pagination },
    onSortingChange: setSorting,
    onPaginationChange: setPagination,
    // A new filter or sort goes back to page 1 through the address, in the same step.
    autoResetPageIndex: false,
  });

  return (
    <Card>
      <SectionHeader
        title="Beta participants"
        description="Approved testers and the invitations holding their seats. Deactivate someone to free their seat, or resend a lost invitation."
      />
      <CardContent className="grid grid-cols-1 gap-4">
        {participants.data ? <SeatFigures seats={participants.data.seats} /> : null}
        <AutoFillSwitch />
        <div className="flex flex-wrap items-end justify-between gap-3">
          <SearchField
            id="beta-filter"
            label="Filter"
            placeholder="Name or email"
            value={filter}
            onChange={setFilter}
            className="w-full max-w-sm"
          />
          <ColumnVisibilityMenu table={table} />
        </div>
        <DataTable
          table={table}
          caption="Beta participants"
          isLoading={participants.isPending}
          error={participants.error}
          onRetry={() => void participants.refetch()}
          emptyMessage={
            filter
              ? 'No participants match the filter.'
              : 'No beta participants yet. Approve someone from the Waitlist tab.'
          }
        />
        <TablePagination table={table} total={table.getFilteredRowModel().rows.length} />
      </CardContent>
    </Card>
  );
}
