import { Button, Checkbox, Label } from '@repo/ui';
import type { Table } from '@tanstack/react-table';
import { useEffect, useId, useRef, useState } from 'react';

/**
 * A disclosure listing the hideable columns with a checkbox each. Escape or a
 * click outside closes it and gives focus back to the toggle.
 */
export function ColumnVisibilityMenu<T>({ table }: { table: Table<T> }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const columns = table.getAllLeafColumns().filter((column) => column.getCanHide());

  return (
    <div
      ref={containerRef}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          toggleRef.current?.focus();
        }
      }}
    >
      <Button
        ref={toggleRef}
        variant="outline"
        size="sm"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        Columns
      </Button>
      {open ? (
        <div
          id={panelId}
          role="group"
          aria-label="Visible columns"
          className="absolute right-0 z-40 mt-2 grid w-56 gap-2 rounded-md border bg-popover p-3 shadow-md"
        >
          {columns.map((column) => {
            const id = `${panelId}-${column.id}`;
            const label =
              typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id;
            return (
              <div key={column.id} className="flex items-center gap-2">
                <Checkbox
                  id={id}
                  checked={column.getIsVisible()}
                  onCheckedChange={(checked) => column.toggleVisibility(checked === true)}
                />
                <Label htmlFor={id} className="font-normal">
                  {label}
                </Label>
              </div>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
