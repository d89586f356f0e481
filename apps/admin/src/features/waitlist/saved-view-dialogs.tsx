import type { SavedView, WaitlistViewState } from '@repo/api-client';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@repo/ui';
import { SAVED_VIEW_MESSAGES, SAVED_VIEW_NAME_MAX } from '@repo/validation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormField } from '@/components/form-field';
import { api } from '@/lib/api';
import { TOAST } from '@/lib/messages';
import { errorMessage, notifyFailure, notifySuccess } from '@/lib/notify';
import { QUERY_PATHS } from '@/lib/query-paths';

/** "Save current view…" (issue 32): the list's address state under a name of one's own. */
export function SaveViewDialog({
  open,
  onOpenChange,
  state,
  names,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  state: WaitlistViewState;
  /** The names taken already (the API decides; this tells before asking). */
  names: readonly string[];
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: api.admin.savedViews.create,
    onSuccess: (view) => {
      notifySuccess(TOAST.viewSaved, `“${view.name}” is in your Views menu.`);
      void queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.savedViews] });
      setName('');
      setError(undefined);
      onOpenChange(false);
    },
    // The API's message (a name taken, the cap reached) under the field.
    onError: (failure) => setError(errorMessage(failure)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed.length < 1 || trimmed.length > SAVED_VIEW_NAME_MAX) {
      setError(SAVED_VIEW_MESSAGES.name);
      return;
    }
    if (names.some((taken) => taken.toLowerCase() === trimmed.toLowerCase())) {
      setError(SAVED_VIEW_MESSAGES.duplicate);
      return;
    }
    setError(undefined);
    save.mutate({ list: 'waitlist', name: trimmed, state });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-md">
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <DialogHeader>
            <DialogTitle>Save current view</DialogTitle>
            <DialogDescription>
              Keeps the columns, sort, filter and search shown now. Only you see your views.
            </DialogDescription>
          </DialogHeader>
          <FormField
            id="saved-view-name"
            label="Name"
            value={name}
            error={error}
            maxLength={SAVED_VIEW_NAME_MAX}
            autoComplete="off"
            onValueChange={setName}
          />
          <DialogFooter>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save view'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** "Delete views…" (issue 32): the staff member's views, each with its Delete. */
export function ManageViewsDialog({
  open,
  onOpenChange,
  views,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  views: readonly SavedView[];
}) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (view: SavedView) => api.admin.savedViews.remove(view.id),
    onSuccess: (_answer, view) => {
      notifySuccess(TOAST.viewDeleted, `“${view.name}” is gone from your Views menu.`);
      void queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.savedViews] });
    },
    onError: (failure) => notifyFailure(TOAST.deleteFailed, failure),
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Your saved views</DialogTitle>
          <DialogDescription>Deleting a view changes nothing in the list.</DialogDescription>
        </DialogHeader>
        {views.length === 0 ? (
          <p className="text-sm text-muted-foreground">You have no saved views.</p>
        ) : (
          <ul className="divide-y">
            {views.map((view) => (
              <li key={view.id} className="flex items-center justify-between gap-2 py-2">
                <span className="truncate text-sm">{view.name}</span>
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-destructive hover:text-destructive"
                  disabled={remove.isPending && remove.variables?.id === view.id}
                  onClick={() => remove.mutate(view)}
                  aria-label={`Delete view ${view.name}`}
                >
                  Delete
                </Button>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
