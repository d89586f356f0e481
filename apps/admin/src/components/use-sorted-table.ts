import {
  type ColumnDef,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
} from '@tanstack/react-table';
import { useUrlSorting } from './use-url-list-state';

// The table's data while there is no list (loading, or failed): always this one array.
// A new [] on each render would make TanStack Table reset its page index after every
// render, which renders again, without end; inside a click or key event those renders
// are synchronous and the tab hangs for good.
const NO_ROWS: never[] = [];

/** A column's id: its own, or its accessor key's. */
function columnId<T>(column: ColumnDef<T>): string[] {
  if (column.id) return [column.id];
  return 'accessorKey' in column ? [String(column.accessorKey)] : [];
}

/**
 * A react-table over a whole (small) list the API sends at once, sorted in the
 * browser: API keys, staff, invite codes, roles. The sort lives in the address.
 */
export function useSortedTable<T extends { id: string }>(
  data: T[] | undefined,
  columns: ColumnDef<T>[],
  initialSorting?: { id: string; desc: boolean },
) {
  const [sorting, setSorting] = useUrlSorting(columns.flatMap(columnId), initialSorting);
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
