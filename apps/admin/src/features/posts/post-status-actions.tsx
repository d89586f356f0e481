import { ApiError, type AdminPost, apiRoutes } from '@repo/api-client';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Label,
  Textarea,
} from '@repo/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatISO } from 'date-fns';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormField } from '@/components/form-field';
import { postPublishSchema } from '@repo/validation';
import { api } from '@/lib/api';
import { TOAST } from '@/lib/messages';
import { notifyFailure, notifySuccess } from '@/lib/notify';
import { useCan } from '@/lib/permissions';
import { QUERY_PATHS } from '@/lib/query-paths';
import type { SeoProblem } from './seo-panel';

type Action = 'publish' | 'schedule' | 'unpublish' | 'delete';

/** The problems a refused publish or schedule names (422 `{ message, problems }`). */
function problemsOfRefusal(error: unknown): SeoProblem[] | undefined {
  if (!(error instanceof ApiError) || error.status !== 422) return undefined;
  const problems = (error.body as { problems?: unknown } | undefined)?.problems;
  return Array.isArray(problems) ? (problems as SeoProblem[]) : undefined;
}

/** A `datetime-local` value (the staff member's own time) as ISO 8601 with its offset. */
export function scheduleTimeOf(local: string): string | null {
  const at = new Date(local);
  return local && !Number.isNaN(at.getTime()) ? formatISO(at) : null;
}

/** Why staff publish past blocking problems (kept in the audit log with the publish). */
function OverrideReasonField({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Reason to publish anyway</Label>
      <Textarea
        id={id}
        rows={3}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        required
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The override a publish carries when staff publish despite blocking problems. */
type Override = { override: { reason: string } };

/**
 * Publish, Schedule, Unpublish and Delete for one saved post (issue 23), each
 * shown to a role that may do it (posts:publish, posts:write) and each asked
 * before it is done. Blocking SEO problems disable publishing unless staff give
 * a reason to publish anyway, which the API records with the publish.
 */
export function PostStatusActions({
  post,
  dirty,
  problems,
  onProblems,
}: {
  post: AdminPost;
  /** The form has unsaved changes: publishing would publish the saved text, so save first. */
  dirty: boolean;
  problems: readonly SeoProblem[] | undefined;
  onProblems: (problems: SeoProblem[]) => void;
}) {
  const canPublish = useCan('posts:publish');
  const canWrite = useCan('posts:write');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState<Action | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const [scheduleAt, setScheduleAt] = useState('');
  const [scheduleError, setScheduleError] = useState<string>();
  const blocking = problems?.filter((problem) => problem.blocking) ?? [];
  const id = String(post.id);

  const afterChange = (changed: AdminPost) => {
    queryClient.setQueryData([apiRoutes.admin.posts.post(id)], changed);
    void queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.posts] });
  };
  const refused = (title: string) => (error: unknown) => {
    const found = problemsOfRefusal(error);
    if (found) onProblems(found);
    notifyFailure(title, error);
  };

  const publish = useMutation({
    mutationFn: (override: Override | undefined) => api.admin.posts.publish(post.id, override),
    onSuccess: (changed) => {
      afterChange(changed);
      setOpen(null);
      setReason('');
      notifySuccess('Post published', `“${changed.title}” is on the site.`);
    },
    onError: refused('Publishing failed'),
  });
  const schedule = useMutation({
    mutationFn: ({ at, override }: { at: string; override: Override | undefined }) =>
      api.admin.posts.schedule(post.id, { at, ...override }),
    onSuccess: (changed) => {
      afterChange(changed);
      setOpen(null);
      notifySuccess('Post scheduled', `“${changed.title}” publishes itself at its time.`);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400) setScheduleError(error.serverMessage);
      refused('Scheduling failed')(error);
    },
  });
  const unpublish = useMutation({
    mutationFn: () => api.admin.posts.unpublish(post.id),
    onSuccess: (changed) => {
      afterChange(changed);
      notifySuccess('Post unpublished', `“${changed.title}” is no longer on the site.`);
    },
    onError: (error) => notifyFailure('Unpublishing failed', error),
  });
  const remove = useMutation({
    mutationFn: () => api.admin.posts.remove(post.id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: [apiRoutes.admin.posts.post(id)] });
      void queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.posts] });
      notifySuccess(TOAST.deleted, `Deleted “${post.title}”.`);
      navigate('/admin/posts');
    },
    onError: (error) => notifyFailure(TOAST.deletionFailed, error),
  });

  // Issue 31: a live post leaves the site only through someone holding posts:publish.
  const live = post.status === 'published' || post.status === 'scheduled';
  const busy = publish.isPending || schedule.isPending || unpublish.isPending || remove.isPending;
  const canGoLive = post.status !== 'published';
  const overriding = blocking.length > 0;

  /** The override to send (checked by the API's schema), undefined when none is needed; null when the reason is not valid. */
  const overrideToSend = (): Override | undefined | null => {
    if (!overriding) return undefined;
    const checked = postPublishSchema.safeParse({ override: { reason } });
    if (!checked.success || !checked.data.override) {
      setReasonError(checked.error?.issues[0]?.message);
      return null;
    }
    setReasonError(undefined);
    return { override: checked.data.override };
  };
  const submitPublish = (event: FormEvent) => {
    event.preventDefault();
    const override = overrideToSend();
    if (override !== null) publish.mutate(override);
  };
  const submitSchedule = (event: FormEvent) => {
    event.preventDefault();
    const at = scheduleTimeOf(scheduleAt);
    if (!at) {
      setScheduleError('Choose the day and time to publish at');
      return;
    }
    setScheduleError(undefined);
    const override = overrideToSend();
    if (override !== null) schedule.mutate({ at, override });
  };

  return (
    <>
      {canPublish && canGoLive ? (
        <>
          <Button
            type="button"
            disabled={busy || dirty || overriding}
            title={
              dirty
                ? 'Save your changes first'
                : overriding
                  ? 'The SEO checks found blocking problems'
                  : undefined
            }
            onClick={() => setOpen('publish')}
          >
            Publish
          </Button>
          {overriding ? (
            <Button
              type="button"
              variant="outline"
              className="text-destructive hover:text-destructive"
              disabled={busy || dirty}
              onClick={() => setOpen('publish')}
            >
              Publish anyway…
            </Button>
          ) : null}
          <Button
            type="button"
            variant="outline"
            disabled={busy || dirty}
            title={dirty ? 'Save your changes first' : undefined}
            onClick={() => setOpen('schedule')}
          >
            {post.status === 'scheduled' ? 'Reschedule' : 'Schedule'}
          </Button>
        </>
      ) : null}
      {canPublish && live ? (
        <Button
          type="button"
          variant="outline"
          disabled={busy}
          onClick={() => setOpen('unpublish')}
        >
          Unpublish
        </Button>
      ) : null}
      {canWrite && (canPublish || !live) ? (
        <Button
          type="button"
          variant="ghost"
          className="text-destructive hover:text-destructive"
          disabled={busy}
          onClick={() => setOpen('delete')}
        >
          Delete
        </Button>
      ) : null}

      <Dialog open={open === 'publish'} onOpenChange={(next) => !next && setOpen(null)}>
        <DialogContent>
          <form className="grid gap-4" onSubmit={submitPublish} noValidate>
            <DialogHeader>
              <DialogTitle>{overriding ? 'Publish despite problems?' : 'Publish now?'}</DialogTitle>
              <DialogDescription>
                {overriding
                  ? `The SEO checks found ${blocking.length} blocking ${blocking.length === 1 ? 'problem' : 'problems'}. Publishing anyway needs a reason, kept with the publish.`
                  : `“${post.title}” goes on the site, its listing, the home page, the sitemap and RSS.`}
              </DialogDescription>
            </DialogHeader>
            {overriding ? (
              <>
                <ul className="grid list-disc gap-1 pl-5 text-sm">
                  {blocking.map((problem, index) => (
                    <li key={`${problem.code}-${index}`}>{problem.message}</li>
                  ))}
                </ul>
                <OverrideReasonField
                  id="publish-override-reason"
                  value={reason}
                  error={reasonError}
                  onChange={setReason}
                />
              </>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(null)}>
                Cancel
              </Button>
              <Button
                type="submit"
                variant={overriding ? 'destructive' : 'default'}
                disabled={publish.isPending || (overriding && !reason.trim())}
              >
                {overriding ? 'Publish anyway' : 'Publish now'}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>

      <Dialog open={open === 'schedule'} onOpenChange={(next) => !next && setOpen(null)}>
        <DialogContent>
          <form className="grid gap-4" onSubmit={submitSchedule} noValidate>
            <DialogHeader>
              <DialogTitle>Schedule the post</DialogTitle>
              <DialogDescription>
                It publishes itself at this time (in your time zone), within a minute.
                {overriding
                  ? ` The SEO checks found ${blocking.length} blocking ${blocking.length === 1 ? 'problem' : 'problems'}: scheduling anyway needs a reason.`
                  : ''}
              </DialogDescription>
            </DialogHeader>
            {overriding ? (
              <OverrideReasonField
                id="schedule-override-reason"
                value={reason}
                error={reasonError}
                onChange={setReason}
              />
            ) : null}
            <FormField
              id="post-schedule-at"
              label="Publish at"
              type="datetime-local"
              value={scheduleAt}
              error={scheduleError}
              onValueChange={setScheduleAt}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(null)}>
                Cancel
              </Button>
              <Button type="submit" disabled={schedule.isPending}>
                Schedule
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>

      <ConfirmDialog
        open={open === 'unpublish'}
        title="Unpublish the post?"
        description={`“${post.title}” leaves the site at once (its address answers 404). You can publish it again later.`}
        confirmLabel="Unpublish"
        onClose={() => setOpen(null)}
        onConfirm={() => unpublish.mutate()}
      />
      <ConfirmDialog
        open={open === 'delete'}
        title="Delete the post?"
        description={`“${post.title}”, its revisions and its old addresses are deleted for good. This cannot be undone.`}
        confirmLabel="Delete permanently"
        onClose={() => setOpen(null)}
        onConfirm={() => remove.mutate()}
      />
    </>
  );
}
