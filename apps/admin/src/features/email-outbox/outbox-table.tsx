import type { EmailStatus, OutboxMessage } from '@repo/api-client';
import { Button, Card, CardContent } from '@repo/ui';
import { EMAIL_STATUSES } from '@repo/validation';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { type FilterOption, FilterSelect } from '@/components/filter-select';
import { PagedDataTable } from '@/components/paged-data-table';
import { SectionHeader } from '@/components/section-header';
import { usePagedList } from '@/components/use-paged-list';
import { useUrlFilter } from '@/components/use-url-list-state';
import { useServerPagedTable } from '@/components/use-server-paged-table';
import { formatDate } from '@/lib/format';
import { QUERY_PATHS } from '@/lib/query-paths';
import { OutboxMessageDialog } from './outbox-message-dialog';
import { DeliveryStateBadge, OUTBOX_STATUS_LABELS, OutboxStatusBadge } from './outbox-status-badge';
import { emailCell } from '@/components/email-text';

const STATUS_FILTERS: FilterOption<'all' | EmailStatus>[] = [
  { value: 'all', label: 'All emails' },
  ...EMAIL_STATUSES.map((status) => ({ value: status, label: OUTBOX_STATUS_LABELS[status] })),
];

function outboxColumns(onView: (id: string) => void): ColumnDef<OutboxMessage>[] {
  return [
    {
      id: 'toEmail',
      accessorKey: 'toEmail',
      header: 'To',
      cell: emailCell,
    },
    {
      id: 'subject',
      accessorKey: 'subject',
      header: 'Subject',
      cell: ({ row }) => (
        <span className="block max-w-[20rem] truncate" title={row.original.subject}>
          {row.original.subject}
        </span>
      ),
    },
    { id: 'templateId', accessorKey: 'templateId', header: 'Template' },
    {
      id: 'status',
      accessorKey: 'status',
      header: 'Status',
      cell: ({ row }) => <OutboxStatusBadge status={row.original.status} />,
    },
    {
      id: 'deliveryState',
      accessorKey: 'deliveryState',
      header: 'Delivery',
      cell: ({ row }) => (
        <div className="grid max-w-[16rem] justify-items-start gap-1">
          <DeliveryStateBadge state={row.original.deliveryState} />
          {row.original.deliveryDetail && row.original.deliveryState !== 'delivered' ? (
            <span
              className="block max-w-full truncate text-xs text-muted-foreground"
              title={row.original.deliveryDetail}
            >
              {row.original.deliveryDetail}
            </span>
          ) : null}
        </div>
      ),
    },
    { id: 'attempts', accessorKey: 'attempts', header: 'Attempts' },
    {
      id: 'createdAt',
      accessorKey: 'createdAt',
      header: 'Created',
      cell: ({ row }) => (
        <span className="whitespace-nowrap">{formatDate(row.original.createdAt)}</span>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      enableHiding: false,
      cell: ({ row }) => (
        <Button
          size="sm"
          variant="outline"
          onClick={() => onView(row.original.id)}
          aria-label={`View email to ${row.original.toEmail}`}
        >
          View
        </Button>
      ),
    },
  ];
}

/**
 * The outbox: queued, sent and failed emails (the queue retries failures by
 * itself). Like every admin table it shows 'MMM dd, yyyy'; the email view adds the time.
 */
export function OutboxTable() {
  const [status, setStatus] = useUrlFilter('status', STATUS_FILTERS, 'all');
  const [viewing, setViewing] = useState<string | null>(null);
  const { query, paging } = usePagedList(
    QUERY_PATHS.outbox,
    { status: status === 'all' ? undefined : status },
    { pageSize: 10 },
  );
  const columns = useMemo(() => outboxColumns(setViewing), []);
  const table = useServerPagedTable({ ...paging, columns, enableSorting: false });

  return (
    <Card>
      <SectionHeader
        title="Outbox"
        description="Every email the console sent or queued, and what Postmark reported after. Failed sends are retried automatically."
        actions={
          <Button
            variant="outline"
            size="sm"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
          >
            {query.isFetching ? 'Refreshing...' : 'Refresh'}
          </Button>
        }
      />
      <CardContent className="grid grid-cols-1 gap-4">
        <FilterSelect
          id="outbox-status"
          label="Status"
          value={status}
          options={STATUS_FILTERS}
          onChange={setStatus}
        />
        <PagedDataTable
          table={table}
          query={query}
          caption="Outbox emails"
          emptyMessage="No emails yet."
          skeletonRows={3}
        />
      </CardContent>
      <OutboxMessageDialog id={viewing} onClose={() => setViewing(null)} />
    </Card>
  );
}
