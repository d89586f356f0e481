import {
  ApiError,
  type AdminPost,
  apiRoutes,
  type PostPendingRevision,
  type PostProblem,
} from '@repo/api-client';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Label,
  Textarea,
} from '@repo/ui';
import { postPublishSchema } from '@repo/validation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { api } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { notifyFailure, notifySuccess } from '@/lib/notify';
import { useCan } from '@/lib/permissions';
import { QUERY_PATHS } from '@/lib/query-paths';
import { RevisionDiff } from './revision-diff';

type Snapshot = PostPendingRevision['snapshot'];

const FIELD_LABELS: Record<keyof Snapshot, string> = {
  title: 'Title',
  slug: 'Slug',
  excerpt: 'Excerpt',
  category: 'Category',
  tags: 'Tags',
  readingTime: 'Reading time',
  author: 'Author',
  authorEmail: 'Author email',
  authorBio: 'Author bio',
  content: 'Body',
  featuredImage: 'Featured image',
};

const shown = (value: Snapshot[keyof Snapshot]): string =>
  Array.isArray(value)
    ? value.join(', ')
    : value === null || value === ''
      ? '(none)'
      : String(value);

/** The problems of a refused publish (422 `{ problems }`), if that is what `error` is. */
function problemsOf(error: unknown): PostProblem[] | undefined {
  if (!(error instanceof ApiError) || error.status !== 422) return undefined;
  const problems = (error.body as { problems?: unknown } | undefined)?.problems;
  return Array.isArray(problems) ? (problems as PostProblem[]) : undefined;
}

/**
 * Issue 31: an edit of a published or scheduled post by someone without
 * posts:publish waits for review. Everyone who reads the post sees what would
 * change (each field, the body as a line diff against the live post); only a
 * publisher gets Publish changes (the SEO checks run: blocking problems need a
 * reason to publish anyway) and Discard. `onSettled` runs once the post changed.
 */
export function PendingChangesPanel({
  post,
  pending,
  onSettled,
}: {
  post: AdminPost;
  pending: PostPendingRevision;
  onSettled: (post: AdminPost | undefined) => void;
}) {
  const canPublish = useCan('posts:publish');
  const queryClient = useQueryClient();
  const id = String(post.id);
  const [asking, setAsking] = useState<'publish' | 'discard' | null>(null);
  const [problems, setProblems] = useState<PostProblem[]>();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();

  const settled = (changed: AdminPost | undefined) => {
    queryClient.setQueryData([apiRoutes.admin.posts.pendingRevision(id)], {
      pendingRevision: null,
    });
    if (changed) queryClient.setQueryData([apiRoutes.admin.posts.post(id)], changed);
    void queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.posts] });
    void queryClient.invalidateQueries({ queryKey: [apiRoutes.admin.posts.revisions(id)] });
    onSettled(changed);
  };
  const publish = useMutation({
    mutationFn: (override: { reason: string } | undefined) =>
      api.admin.posts.publishPendingRevision(post.id, override ? { override } : {}),
    onSuccess: (changed) => {
      settled(changed);
      notifySuccess('Changes published', `“${changed.title}” shows them on the site.`);
    },
    onError: (error) => {
      setProblems(problemsOf(error));
      notifyFailure('Publishing the changes failed', error);
    },
  });
  const discard = useMutation({
    mutationFn: () => api.admin.posts.discardPendingRevision(post.id),
    onSuccess: () => {
      settled(undefined);
      notifySuccess('Changes discarded', 'The post stays as it is on the site.');
    },
    onError: (error) => notifyFailure('Discarding failed', error),
  });
  const publishAnyway = () => {
    const checked = postPublishSchema.safeParse({ override: { reason } });
    if (!checked.success || !checked.data.override) {
      setReasonError(checked.error?.issues[0]?.message);
      return;
    }
    setReasonError(undefined);
    publish.mutate(checked.data.override);
  };

  const live = post as Snapshot;
  const fields = pending.fields.filter((field) => field !== 'content');
  const busy = publish.isPending || discard.isPending;

  return (
    <Card role="region" className="border-highlight" aria-labelledby="pending-changes-title">
      <CardHeader>
        <CardTitle id="pending-changes-title" className="text-lg">
          Changes waiting for review
        </CardTitle>
        <CardDescription>
          Sent by {pending.actor.label}, last edited {formatDateTime(pending.updatedAt)}. The site
          shows the post as it was until someone who can publish publishes these changes.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {fields.length > 0 ? (
          <dl className="grid gap-2 text-sm" aria-label="Fields that change">
            {fields.map((field) => (
              <div key={field} className="grid gap-0.5 sm:grid-cols-[10rem_1fr]">
                <dt className="font-medium">{FIELD_LABELS[field]}</dt>
                <dd className="min-w-0 break-words">
                  <del className="decoration-destructive/60">{shown(live[field])}</del>
                  <span aria-hidden="true"> → </span>
                  <span className="sr-only"> becomes </span>
                  <ins className="no-underline font-medium">{shown(pending.snapshot[field])}</ins>
                </dd>
              </div>
            ))}
          </dl>
        ) : null}
        {pending.fields.includes('content') ? (
          <RevisionDiff
            before={post.content ?? ''}
            after={pending.snapshot.content ?? ''}
            beforeLabel="the live post"
            afterLabel="the changes"
          />
        ) : null}
        {canPublish && problems?.length ? (
          <div className="grid gap-3 rounded-md border border-destructive/50 p-3" role="group">
            <p className="text-sm font-medium">
              The SEO checks found {problems.length} blocking{' '}
              {problems.length === 1 ? 'problem' : 'problems'} in the changes:
            </p>
            <ul className="grid list-disc gap-1 pl-5 text-sm">
              {problems.map((problem, index) => (
                <li key={`${problem.code}-${index}`}>{problem.message}</li>
              ))}
            </ul>
            <div className="grid gap-2">
              <Label htmlFor="pending-override-reason">Reason to publish anyway</Label>
              <Textarea
                id="pending-override-reason"
                rows={2}
                value={reason}
                aria-invalid={reasonError ? true : undefined}
                aria-describedby={reasonError ? 'pending-override-reason-error' : undefined}
                onChange={(event) => setReason(event.target.value)}
              />
              {reasonError ? (
                <p id="pending-override-reason-error" className="text-sm text-destructive">
                  {reasonError}
                </p>
              ) : null}
            </div>
            <Button
              type="button"
              variant="destructive"
              className="w-fit"
              disabled={busy || !reason.trim()}
              onClick={publishAnyway}
            >
              Publish anyway
            </Button>
          </div>
        ) : null}
        {canPublish ? (
          <div className="flex flex-wrap gap-2">
            <Button type="button" disabled={busy} onClick={() => setAsking('publish')}>
              Publish changes
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={busy}
              onClick={() => setAsking('discard')}
            >
              Discard
            </Button>
          </div>
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={asking === 'publish'}
        title="Publish these changes?"
        description={`They go on the site at once, after the SEO checks; the post as it is now is kept as a revision. Unsaved edits in the editor below are lost.`}
        confirmLabel="Publish changes"
        onClose={() => setAsking(null)}
        onConfirm={() => publish.mutate(undefined)}
      />
      <ConfirmDialog
        open={asking === 'discard'}
        title="Discard these changes?"
        description={`The changes ${pending.actor.label} sent are deleted; the post stays as it is on the site.`}
        confirmLabel="Discard changes"
        onClose={() => setAsking(null)}
        onConfirm={() => discard.mutate()}
      />
    </Card>
  );
}
