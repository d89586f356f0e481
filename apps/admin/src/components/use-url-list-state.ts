import type { OnChangeFn, PaginationState, SortingState, Updater } from '@tanstack/react-table';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/*
 * A list's filters, search, sort and page live in the address (issue 20), so a
 * reload keeps them, the back button returns to the previous state and a shared
 * link opens the same view. A value equal to its default is left out of the
 * address. What the address says is checked like any input: a value that is not
 * one of the options reads as the default.
 */

type Changes = Record<string, string | undefined>;

/** The rows per page a table offers (TablePagination's select). */
export const PAGE_SIZES = [10, 20, 50, 100] as const;

function resolve<T>(updater: Updater<T>, current: T): T {
  return typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater;
}

/**
 * The address's query string and a setter that merges changes into it. Every
 * change that does not name `page` starts the list again from page 1. Each
 * change is a step in the history unless `replace` is asked for.
 */
export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (changes: Changes, { replace = false }: { replace?: boolean } = {}) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (!('page' in changes)) next.delete('page');
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace },
      ),
    [setParams],
  );
  return [params, update] as const;
}

/** A filter select's value in the address under `key`: one of `options`, else `fallback`. */
export function useUrlFilter<V extends string>(
  key: string,
  options: readonly { value: V }[],
  fallback: NoInfer<V>,
): [V, (value: V) => void] {
  const [params, update] = useUrlParams();
  const raw = params.get(key);
  const value = options.find((option) => option.value === raw)?.value ?? fallback;
  const setValue = useCallback(
    (next: V) => update({ [key]: next === fallback ? undefined : next }),
    [update, key, fallback],
  );
  return [value, setValue];
}

/** Commits of one search box this close together are one burst of typing. */
const TYPING_BURST_MS = 2_000;

/**
 * A search box bound to the address under `key`. The box shows what is typed at
 * once; the address (and so the query) takes it once typing pauses for
 * `delayMs`. The first pause of a burst of typing is a step in the history; the
 * next ones replace it, so typing never fills the history with keystrokes.
 */
export function useUrlSearch(key = 'search', delayMs = 300) {
  const [params, update] = useUrlParams();
  const search = params.get(key) ?? '';
  const [text, setText] = useState(search);
  // The address changed from outside the box (back, a link): the box shows it.
  const [seen, setSeen] = useState(search);
  if (seen !== search) {
    setSeen(search);
    if (text.trim() !== search) setText(search);
  }
  const searchRef = useRef(search);
  searchRef.current = search;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const lastCommitAt = useRef(Number.NEGATIVE_INFINITY);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onTextChange = useCallback(
    (value: string) => {
      setText(value);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const next = value.trim();
        const current = searchRef.current;
        if (next === current) return;
        const now = Date.now();
        update(
          { [key]: next || undefined },
          { replace: now - lastCommitAt.current < TYPING_BURST_MS },
        );
        lastCommitAt.current = now;
      }, delayMs);
    },
    [update, key, delayMs],
  );
  return { text, onTextChange, search };
}

/**
 * A table's sort in the address (`sort` and `order`): one of the `sortable`
 * columns, else `initial` (none when not given).
 */
export function useUrlSorting(
  sortable: readonly string[],
  initial?: { id: string; desc: boolean },
): [SortingState, OnChangeFn<SortingState>] {
  const [params, update] = useUrlParams();
  const id = params.get('sort');
  const order = params.get('order');
  const known = id !== null && sortable.includes(id);
  const initialId = initial?.id;
  const initialDesc = initial?.desc;
  // One array while the address says the same: a new one on every render would have
  // react-table recompute its rows and reset its page on every render, without end.
  const sorting: SortingState = useMemo(
    () =>
      known
        ? [{ id: id!, desc: order === 'desc' }]
        : initialId !== undefined
          ? [{ id: initialId, desc: initialDesc === true }]
          : [],
    [known, id, order, initialId, initialDesc],
  );
  const onSortingChange: OnChangeFn<SortingState> = (updater) => {
    const next = resolve(updater, sorting)[0];
    const isInitial = next?.id === initial?.id && next?.desc === initial?.desc;
    update(
      !next || isInitial
        ? { sort: undefined, order: undefined }
        : { sort: next.id, order: next.desc ? 'desc' : 'asc' },
    );
  };
  return [sorting, onSortingChange];
}

/** A table's page (`page`, from 1) and rows per page (`pageSize`) in the address. */
export function useUrlPagination(
  defaultPageSize: number,
): [PaginationState, OnChangeFn<PaginationState>] {
  const [params, update] = useUrlParams();
  const page = Number(params.get('page'));
  const size = Number(params.get('pageSize'));
  const pageIndex = Number.isSafeInteger(page) && page >= 1 ? page - 1 : 0;
  const pageSize = (PAGE_SIZES as readonly number[]).includes(size) ? size : defaultPageSize;
  // One object while the address says the same (see useUrlSorting).
  const pagination: PaginationState = useMemo(
    () => ({ pageIndex, pageSize }),
    [pageIndex, pageSize],
  );
  const onPaginationChange: OnChangeFn<PaginationState> = (updater) => {
    const next = resolve(updater, pagination);
    update({
      page: next.pageIndex > 0 ? String(next.pageIndex + 1) : undefined,
      pageSize: next.pageSize === defaultPageSize ? undefined : String(next.pageSize),
    });
  };
  return [pagination, onPaginationChange];
}
