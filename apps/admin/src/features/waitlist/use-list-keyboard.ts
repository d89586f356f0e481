import { type FocusEvent, useCallback, useEffect, useRef, useState } from 'react';

/*
 * Keyboard shortcuts of a long list (issue 32), as mail and issue trackers have
 * them: j/k move the active row, x selects it, Enter opens it, / goes to the
 * search box, ? lists the keys. The active row takes the focus (a roving
 * tabindex: it alone is in the tab order), so a screen reader reads it out and
 * Tab goes on to its buttons.
 */

export const LIST_SHORTCUTS = [
  { keys: ['j'], action: 'Next row' },
  { keys: ['k'], action: 'Previous row' },
  { keys: ['x'], action: 'Select or unselect the row' },
  { keys: ['Enter'], action: 'Open the person' },
  { keys: ['/'], action: 'Search' },
  { keys: ['?'], action: 'Show these shortcuts' },
] as const;

export interface ListKeyboardOptions {
  /** The rows shown, in order. */
  rowIds: readonly string[];
  onOpen: (id: string) => void;
  /** Selects or unselects the row (the list's selection, not this hook's). */
  toggleSelection: (id: string) => void;
  onFocusSearch: () => void;
  onShowHelp: () => void;
  /** Off while the list cannot take keys (e.g. loading). */
  enabled?: boolean;
}

const TYPING = new Set(['INPUT', 'TEXTAREA', 'SELECT']);
/** Where Enter already means something: a control's own Enter wins. */
const INTERACTIVE =
  'a[href], button, input, select, textarea, [role="menuitem"], [contenteditable]';

/** True while the user types or works in a layer above the list (a dialog, a menu). */
function keysBelongElsewhere(target: EventTarget | null): boolean {
  if (target instanceof HTMLElement) {
    if (TYPING.has(target.tagName) || target.isContentEditable) return true;
    if (target.closest('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]'))
      return true;
  }
  // Focus may have left a modal layer for <body> (a click on its backdrop): still open.
  return (
    document.querySelector(
      '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"], dialog[open]',
    ) !== null
  );
}

export function useListKeyboard({
  rowIds,
  onOpen,
  toggleSelection,
  onFocusSearch,
  onShowHelp,
  enabled = true,
}: ListKeyboardOptions) {
  const [activeId, setActiveId] = useState<string | null>(null);
  const rows = useRef(new Map<string, HTMLElement>());
  // A row that left the page (next page, a new search) is active no more.
  const active = activeId !== null && rowIds.includes(activeId) ? activeId : null;

  const latest = useRef({ rowIds, active, onOpen, toggleSelection, onFocusSearch, onShowHelp });
  latest.current = { rowIds, active, onOpen, toggleSelection, onFocusSearch, onShowHelp };

  const moveTo = useCallback((id: string) => {
    setActiveId(id);
    rows.current.get(id)?.focus();
  }, []);

  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (keysBelongElsewhere(event.target)) return;
      const { rowIds: ids, active: current, ...act } = latest.current;
      const index = current === null ? -1 : ids.indexOf(current);
      switch (event.key) {
        case 'j': {
          const next = ids[Math.min(index + 1, ids.length - 1)];
          if (next === undefined) return;
          event.preventDefault();
          moveTo(next);
          return;
        }
        case 'k': {
          const previous = ids[Math.max(index - 1, 0)];
          if (previous === undefined) return;
          event.preventDefault();
          moveTo(previous);
          return;
        }
        case 'x':
          if (current === null) return;
          event.preventDefault();
          act.toggleSelection(current);
          return;
        case 'Enter': {
          // On a button or link inside the row, Enter is that control's.
          const target = event.target as HTMLElement | null;
          if (current === null || target?.closest?.(INTERACTIVE)) return;
          event.preventDefault();
          act.onOpen(current);
          return;
        }
        case '/':
          event.preventDefault();
          act.onFocusSearch();
          return;
        case '?':
          event.preventDefault();
          act.onShowHelp();
          return;
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled, moveTo]);

  /** Spread on each row's <tr>. */
  const rowProps = useCallback(
    (id: string, index: number) => ({
      ref: (element: HTMLElement | null) => {
        if (element) rows.current.set(id, element);
        else rows.current.delete(id);
      },
      // The active row, else the first, is the list's one tab stop.
      tabIndex: id === active || (active === null && index === 0) ? 0 : -1,
      'data-active': id === active ? 'true' : undefined,
      // Clicking or tabbing into a row makes it the active one.
      onFocus: (event: FocusEvent<HTMLElement>) => {
        if (event.currentTarget.contains(event.target)) setActiveId(id);
      },
    }),
    [active],
  );

  return { activeId: active, setActiveId, rowProps };
}
