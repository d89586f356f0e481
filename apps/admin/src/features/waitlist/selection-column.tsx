import type { WaitlistEntry } from '@repo/api-client';
import { Checkbox } from '@repo/ui';
import type { ColumnDef } from '@tanstack/react-table';
import type { RowSelection } from './use-row-selection';

/**
 * The selection column (issue 32): a checkbox per row and, in the header, one for
 * the page's rows. The selection lives in useRowSelection, not in the table: it
 * may reach past the page ("all N matching this filter").
 */
export function selectionColumn(selection: RowSelection): ColumnDef<WaitlistEntry> {
  return {
    id: 'select',
    enableSorting: false,
    enableHiding: false,
    header: ({ table }) => {
      const ids = table.getRowModel().rows.map((row) => row.original.id);
      const selected = ids.filter((id) => selection.isSelected(id)).length;
      return (
        <Checkbox
          aria-label="Select all on this page"
          checked={
            ids.length > 0 && selected === ids.length
              ? true
              : selected > 0
                ? 'indeterminate'
                : false
          }
          disabled={ids.length === 0}
          onCheckedChange={(checked) => selection.setMany(ids, checked === true)}
        />
      );
    },
    cell: ({ row }) => {
      const entry = row.original;
      return (
        <Checkbox
          aria-label={`Select ${entry.firstName} ${entry.lastName}`}
          checked={selection.isSelected(entry.id)}
          onCheckedChange={() => selection.toggle(entry.id)}
        />
      );
    },
  };
}
