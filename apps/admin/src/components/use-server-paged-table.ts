import type { Page } from '@repo/api-client';
import {
  getCoreRowModel,
  type OnChangeFn,
  type PaginationState,
  type TableOptions,
  type TableState,
  useReactTable,
} from '@tanstack/react-table';

type Managed = 'data' | 'getCoreRowModel' | 'getRowId' | 'manualPagination' | 'rowCount' | 'state';

export type ServerPagedTableOptions<T> = Omit<TableOptions<T>, Managed> & {
  /** The current page's rows and the count of all (undefined while the first page loads). */
  page: Pick<Page<T>, 'items' | 'total'> | undefined;
  pagination: PaginationState;
  onPaginationChange: OnChangeFn<PaginationState>;
  state?: Partial<Omit<TableState, 'pagination'>>;
};

/** A react-table over one server-side page of rows: the API pages, the table only shows. */
export function useServerPagedTable<T extends { id: string | number }>({
  page,
  pagination,
  state,
  ...options
}: ServerPagedTableOptions<T>) {
  return useReactTable<T>({
    ...options,
    data: page?.items ?? [],
    getRowId: (row) => String(row.id),
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    rowCount: page?.total ?? 0,
    state: { ...state, pagination },
  });
}
