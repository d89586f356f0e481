import type { UseQueryResult } from '@tanstack/react-query';
import type { Table } from '@tanstack/react-table';
import { DataTable, type DataTableProps } from './data-table';
import { TablePagination } from './table-pagination';

/**
 * A server-paged table (usePagedList, useServerPagedTable): the page's rows with
 * their loading, refreshing, error and empty states, then the page controls.
 */
export function PagedDataTable<T>({
  table,
  query,
  caption,
  emptyMessage,
  skeletonRows,
  density,
  rowProps,
}: Pick<DataTableProps<T>, 'density' | 'rowProps'> & {
  table: Table<T>;
  query: UseQueryResult<{ total: number }>;
  /** Read by screen readers: what the table lists. */
  caption: string;
  emptyMessage: string;
  skeletonRows?: number;
}) {
  return (
    <>
      <DataTable
        table={table}
        caption={caption}
        isLoading={query.isPending}
        isRefreshing={query.isPlaceholderData}
        error={query.error}
        onRetry={() => void query.refetch()}
        emptyMessage={emptyMessage}
        skeletonRows={skeletonRows}
        density={density}
        rowProps={rowProps}
      />
      <TablePagination table={table} total={query.data?.total ?? 0} />
    </>
  );
}
