import type { SavedView, WaitlistViewState } from '@repo/api-client';
import {
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@repo/ui';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { QUERY_PATHS } from '@/lib/query-paths';
import { useApiQuery } from '@/lib/use-api-query';
import { mainLandmark, useActionAfterMenu } from './row-actions-menu';

/** The address keys a waitlist view keeps (issue 32): not the page, a view starts at 1. */
const VIEW_KEYS = [
  'search',
  'state',
  'sort',
  'order',
  'pageSize',
  'cols',
] as const satisfies readonly (keyof WaitlistViewState)[];

/** The list's address state now, as a view stores it. */
function viewStateOf(params: URLSearchParams): WaitlistViewState {
  const state: Record<string, string> = {};
  for (const key of VIEW_KEYS) {
    const value = params.get(key);
    if (value !== null && (value !== '' || key === 'cols')) state[key] = value;
  }
  return state as WaitlistViewState;
}

/** The address of a view: its keys, nothing else (so the other filters go back to default). */
function viewParams(view: Pick<SavedView, 'state'>): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of VIEW_KEYS) {
    const value = view.state[key];
    if (value !== undefined) params.set(key, value);
  }
  return params;
}

// The forms download with the first use (issue 13: the waitlist is the first screen).
const SaveViewDialog = lazy(() =>
  import('./saved-view-dialogs').then((module) => ({ default: module.SaveViewDialog })),
);
const ManageViewsDialog = lazy(() =>
  import('./saved-view-dialogs').then((module) => ({ default: module.ManageViewsDialog })),
);

/**
 * The waitlist's "Views" menu (issue 32): the signed-in staff member's own saved
 * views (applying one goes to its address), "Save current view…" and "Delete
 * views…".
 */
export function SavedViewsMenu() {
  const [params, setParams] = useSearchParams();
  const views = useApiQuery(QUERY_PATHS.savedViews, { list: 'waitlist' });
  const [dialog, setDialog] = useState<'save' | 'manage' | null>(null);
  const [mounted, setMounted] = useState(false);
  if (!mounted && dialog !== null) setMounted(true);
  const { triggerRef, later, content } = useActionAfterMenu();
  const items = views.data?.items ?? [];
  const current = viewParams({ state: viewStateOf(params) }).toString();
  const open = (which: 'save' | 'manage') => later(() => setDialog(which));

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button ref={triggerRef} variant="outline" size="sm">
            Views
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent className="w-64" container={mainLandmark()} {...content}>
          <DropdownMenuLabel>Your saved views</DropdownMenuLabel>
          {views.isError ? (
            <DropdownMenuItem disabled>Could not load your views</DropdownMenuItem>
          ) : items.length === 0 ? (
            <DropdownMenuItem disabled>
              {views.isPending ? 'Loading…' : 'None yet'}
            </DropdownMenuItem>
          ) : (
            items.map((view) => {
              const address = viewParams(view);
              return (
                <DropdownMenuItem
                  key={view.id}
                  onSelect={() => setParams(address)}
                  aria-current={address.toString() === current ? 'true' : undefined}
                  className="aria-[current=true]:font-semibold"
                >
                  <span className="truncate">{view.name}</span>
                </DropdownMenuItem>
              );
            })
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => open('save')}>Save current view…</DropdownMenuItem>
          {items.length > 0 ? (
            <DropdownMenuItem onSelect={() => open('manage')}>Delete views…</DropdownMenuItem>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      {mounted ? (
        <Suspense fallback={null}>
          <SaveViewDialog
            open={dialog === 'save'}
            onOpenChange={(next) => setDialog(next ? 'save' : null)}
            state={viewStateOf(params)}
            names={items.map((view) => view.name)}
          />
          <ManageViewsDialog
            open={dialog === 'manage'}
            onOpenChange={(next) => setDialog(next ? 'manage' : null)}
            views={items}
          />
        </Suspense>
      ) : null}
    </>
  );
}
