import {
  type ColumnDef,
  getCoreRowModel,
  getSortedRowModel,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { useState } from 'react';

// The table's data while there is no list (loading, or failed): always this one array.
// A new [] on each render would make TanStack Table reset its page index after every
// render, which renders again, without end; inside a click or key event those renders
// are synchronous and the tab hangs for good.
const NO_ROWS: never[] = [];

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
    data: data ?? NO_ROWS,
    columns,
    getRowId: (row) => row.id,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    state: { sorting },
    onSortingChange: setSorting,
  });
}
