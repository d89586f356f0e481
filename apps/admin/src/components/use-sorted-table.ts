import {
  type ColumnDef,
  getCoreRowModel,
  getSortedRowModel,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { useState } from 'react';

/**
 * A react-table over a whole (small) list the API sends at once, sorted in the
 * browser: API keys, staff, invite codes, beta participants.
 */
export function useSortedTable<T extends { id: string }>(
  data: T[] | undefined,
  columns: ColumnDef<T>[],
  initialSorting: SortingState,
) {
  const [sorting, setSorting] = useState<SortingState>(initialSorting);
  return useReactTable<T>({
    data: data ?? [],
    columns,
    getRowId: (row) => row.id,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    state: { sorting },
    onSortingChange: setSorting,
  });
}
