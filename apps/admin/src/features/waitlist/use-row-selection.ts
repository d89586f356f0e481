import { useCallback, useMemo, useState } from 'react';

/** The list's filter, as the "all matching" selection sends it (issue 32). */
export interface WaitlistFilter {
  search?: string;
  state?: 'confirmed' | 'unconfirmed';
}

/**
 * What a bulk action acts on: the rows ticked (ids), or every entry matching the
 * filter ("Select all N matching this filter"), which the server resolves.
 */
export type RowSelectionTarget =
  { kind: 'ids'; ids: string[] } | { kind: 'all-matching'; filter: WaitlistFilter; total: number };

export interface RowSelection {
  /** Whether the row is selected (every row is, while "all matching" is). */
  isSelected: (id: string) => boolean;
  /** Ticks or unticks one row (the keyboard's `x`); leaves "all matching" for the ticked rows. */
  toggle: (id: string) => void;
  /** Ticks (or unticks) every id given: a page's header checkbox. */
  setMany: (ids: readonly string[], selected: boolean) => void;
  /** Selects every entry matching the filter, `total` of them. */
  selectAllMatching: (total: number) => void;
  clear: () => void;
  /** How many are selected (the filter's total while "all matching"). */
  count: number;
  allMatching: boolean;
  /** What to send with a bulk action; undefined when nothing is selected. */
  target: RowSelectionTarget | undefined;
}

/**
 * The waitlist's row selection (issue 32). A selection belongs to a filter: when
 * the search or the state changes, it is cleared, so "all matching" never acts on
 * a filter other than the one shown.
 */
export function useRowSelection(filter: WaitlistFilter): RowSelection {
  const filterKey = `${filter.search ?? ''}\n${filter.state ?? ''}`;
  const [state, setState] = useState<{
    key: string;
    ids: ReadonlySet<string>;
    allMatching: number | null;
  }>({ key: filterKey, ids: new Set(), allMatching: null });
  // A new filter starts a new, empty selection (set during render: no stale frame).
  const current =
    state.key === filterKey ? state : { key: filterKey, ids: new Set<string>(), allMatching: null };
  if (current !== state) setState(current);

  const toggle = useCallback(
    (id: string) =>
      setState((previous) => {
        const ids = new Set(previous.allMatching === null ? previous.ids : []);
        if (ids.has(id)) ids.delete(id);
        else ids.add(id);
        return { ...previous, ids, allMatching: null };
      }),
    [],
  );
  const setMany = useCallback(
    (many: readonly string[], selected: boolean) =>
      setState((previous) => {
        const ids = new Set(previous.ids);
        for (const id of many) {
          if (selected) ids.add(id);
          else ids.delete(id);
        }
        return { ...previous, ids, allMatching: null };
      }),
    [],
  );
  const selectAllMatching = useCallback(
    (total: number) => setState((previous) => ({ ...previous, allMatching: total })),
    [],
  );
  const clear = useCallback(
    () => setState((previous) => ({ ...previous, ids: new Set(), allMatching: null })),
    [],
  );

  const { ids, allMatching } = current;
  return useMemo(() => {
    const target: RowSelectionTarget | undefined =
      allMatching !== null
        ? { kind: 'all-matching', filter, total: allMatching }
        : ids.size > 0
          ? { kind: 'ids', ids: [...ids] }
          : undefined;
    return {
      isSelected: (id: string) => allMatching !== null || ids.has(id),
      toggle,
      setMany,
      selectAllMatching,
      clear,
      count: allMatching ?? ids.size,
      allMatching: allMatching !== null,
      target,
    };
    // filter is read through filterKey, its identity changes every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids, allMatching, filterKey, toggle, setMany, selectAllMatching, clear]);
}
