import type { OnChangeFn, Updater, VisibilityState } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useUrlParams } from '@/components/use-url-list-state';

/**
 * A table's chosen columns in the address (`cols`: the shown ones among
 * `hideable`, comma-separated), so that a reload, a link and a saved view keep
 * them (issue 32). Absent when they are the default; ids that are not columns
 * are ignored. Changing them keeps the page.
 */
export function useUrlColumnVisibility(
  hideable: readonly string[],
  defaults: VisibilityState,
): [VisibilityState, OnChangeFn<VisibilityState>] {
  const [params, update] = useUrlParams();
  const cols = params.get('cols');
  const visibility = useMemo(() => {
    if (cols === null) return defaults;
    const shown = new Set(cols.split(','));
    return Object.fromEntries(hideable.map((id) => [id, shown.has(id)]));
  }, [cols, hideable, defaults]);
  const onChange: OnChangeFn<VisibilityState> = (updater: Updater<VisibilityState>) => {
    const next = typeof updater === 'function' ? updater(visibility) : updater;
    const isShown = (state: VisibilityState, id: string) => state[id] !== false;
    const isDefault = hideable.every((id) => isShown(next, id) === isShown(defaults, id));
    update({
      cols: isDefault ? undefined : hideable.filter((id) => isShown(next, id)).join(','),
      page: params.get('page') ?? undefined,
    });
  };
  return [visibility, onChange];
}
