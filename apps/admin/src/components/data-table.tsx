import {
  Button,
  cn,
  Skeleton,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@repo/ui';
import { flexRender, type Header, type Row, type Table as ReactTable } from '@tanstack/react-table';
import type { HTMLAttributes, ReactNode } from 'react';
import { errorMessage } from '@/lib/notify';

export interface DataTableProps<T> {
  table: ReactTable<T>;
  /** Read by screen readers: what the table lists. */
  caption: string;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  emptyMessage: string;
  /** True while a new page loads over the previous one. */
  isRefreshing?: boolean;
  skeletonRows?: number;
  /** `compact`: one line per row, for long lists read on one screen (issue 32). */
  density?: 'comfortable' | 'compact';
  /** Attributes of each row's <tr> (issue 32: the keyboard's active row). */
  rowProps?: (
    row: Row<T>,
  ) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string | undefined>;
}

function SortIndicator({ direction }: { direction: false | 'asc' | 'desc' }) {
  const symbol = direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕';
  return (
    <span aria-hidden="true" className={cn('text-xs', !direction && 'opacity-40')}>
      {symbol}
    </span>
  );
}

/**
 * The row actions stay in sight (issue 20): where a table is wider than its box
 * (a screen narrower than 1280 px), the Actions column is pinned to the right
 * edge while the other columns scroll under it. Not on a phone, where it would
 * leave no room for the rest: there the whole row scrolls.
 */
const PINNED_COLUMN = 'actions';
const pinned = (columnId: string) =>
  columnId === PINNED_COLUMN &&
  'sm:sticky sm:right-0 sm:z-10 sm:bg-background sm:shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.2)]';

function HeaderCell<T>({ header, compact }: { header: Header<T, unknown>; compact: boolean }) {
  if (header.isPlaceholder) return <TableHead />;
  const height = compact && 'h-9';
  const content = flexRender(header.column.columnDef.header, header.getContext());
  const { column } = header;
  if (!column.getCanSort()) {
    return (
      <TableHead className={cn('whitespace-nowrap px-2', height, pinned(column.id))}>
        {content}
      </TableHead>
    );
  }
  const direction = column.getIsSorted();
  return (
    <TableHead
      className={cn('whitespace-nowrap px-2', height)}
      aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
    >
      <button
        type="button"
        className="-mx-2 inline-flex items-center gap-1 rounded-md px-2 py-1 hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        onClick={column.getToggleSortingHandler()}
      >
        {content}
        <SortIndicator direction={direction} />
      </button>
    </TableHead>
  );
}

/** A react-table rendered with the kit's Table, with loading, empty and error states. */
export function DataTable<T>({
  table,
  caption,
  isLoading,
  error,
  onRetry,
  emptyMessage,
  isRefreshing = false,
  skeletonRows = 5,
  density = 'comfortable',
  rowProps,
}: DataTableProps<T>) {
  const columnCount = table.getVisibleLeafColumns().length;
  const rows = table.getRowModel().rows;

  let body: ReactNode;
  if (isLoading) {
    body = Array.from({ length: skeletonRows }, (_, index) => (
      <TableRow key={index}>
        {table.getVisibleLeafColumns().map((column) => (
          <TableCell key={column.id}>
            <Skeleton className="h-4 w-full max-w-[10rem]" />
          </TableCell>
        ))}
      </TableRow>
    ));
  } else if (error) {
    body = (
      <TableRow>
        <TableCell colSpan={columnCount} className="py-10 text-center">
          <div role="alert" className="grid justify-items-center gap-3">
            <p className="font-medium text-destructive">Could not load data</p>
            <p className="text-sm text-muted-foreground">{errorMessage(error)}</p>
            <Button variant="outline" size="sm" onClick={onRetry}>
              Try again
            </Button>
          </div>
        </TableCell>
      </TableRow>
    );
  } else if (rows.length === 0) {
    body = (
      <TableRow>
        <TableCell colSpan={columnCount} className="py-10 text-center text-muted-foreground">
          {emptyMessage}
        </TableCell>
      </TableRow>
    );
  } else {
    body = rows.map((row) => (
      <TableRow
        key={row.id}
        data-state={row.getIsSelected() ? 'selected' : undefined}
        {...rowProps?.(row)}
      >
        {row.getVisibleCells().map((cell) => (
          // Text wraps so that every column fits at 1280 px (issue 20); a compact table
          // (issue 32: at least 12 rows at 1440 px) keeps each row on one line where
          // the columns fit so. Narrower screens scroll the table sideways, with the
          // actions pinned.
          <TableCell
            key={cell.id}
            className={cn(
              'px-2',
              density === 'compact' ? 'py-1 min-[1400px]:whitespace-nowrap' : 'py-3',
              pinned(cell.column.id),
            )}
          >
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </TableCell>
        ))}
      </TableRow>
    ));
  }

  return (
    <div
      className={cn(
        'rounded-md border bg-background transition-opacity',
        isRefreshing && 'opacity-60',
      )}
      aria-busy={isLoading || isRefreshing}
    >
      <Table regionLabel={caption}>
        <TableCaption className="sr-only">{caption}</TableCaption>
        <TableHeader>
          {table.getHeaderGroups().map((group) => (
            <TableRow key={group.id} className="hover:bg-transparent">
              {group.headers.map((header) => (
                <HeaderCell key={header.id} header={header} compact={density === 'compact'} />
              ))}
            </TableRow>
          ))}
        </TableHeader>
        <TableBody>{body}</TableBody>
      </Table>
    </div>
  );
}
