import { type AdminPost, apiRoutes, type PostRevisionList } from '@repo/api-client';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  Skeleton,
} from '@repo/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { api } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { errorMessage, notifyFailure, notifySuccess } from '@/lib/notify';
import { useCan } from '@/lib/permissions';
import { QUERY_PATHS } from '@/lib/query-paths';
import { formValuesOf, type PostFormValues } from './post-form';
import { RevisionDiff } from './revision-diff';

type PostRevision = PostRevisionList['items'][number];

const FIELD_LABELS: Record<Exclude<keyof PostFormValues, 'content'>, string> = {
  title: 'Title',
  slug: 'Slug',
  excerpt: 'Excerpt',
  category: 'Category',
  tags: 'Tags',
  author: 'Author',
  authorEmail: 'Author email',
  authorBio: 'Author bio',
  featuredImage: 'Featured image',
};

/** The fields but the body that differ between a revision and the editor. */
function changedFields(revision: PostFormValues, current: PostFormValues): string[] {
  return (Object.keys(FIELD_LABELS) as (keyof typeof FIELD_LABELS)[])
    .filter((field) => revision[field].trim() !== current[field].trim())
    .map((field) => FIELD_LABELS[field]);
}

/** "Mar 02, 2026 10:00, before Ada's save": a revision is the state a save replaced. */
function revisionLabel(revision: PostRevision): string {
  return `${formatDateTime(revision.createdAt)}, saved over by ${revision.actor.label}`;
}

/**
 * Every save keeps the post as it was (issue 23): the list (who saved over it,
 * when), a comparison of one with the editor's text, and restoring one (itself
 * a save, so the state it replaces becomes a revision too).
 */
export function RevisionsPanel({
  post,
  current,
  dirty,
  onRestored,
}: {
  post: AdminPost;
  /** The editor's fields as they are now. */
  current: PostFormValues;
  dirty: boolean;
  onRestored: (post: AdminPost) => void;
}) {
  const queryClient = useQueryClient();
  // Issue 31: restoring a published or scheduled post needs posts:publish too.
  const live = post.status === 'published' || post.status === 'scheduled';
  const canPublish = useCan('posts:publish');
  const canRestore = useCan('posts:write') && (canPublish || !live);
  const path = apiRoutes.admin.posts.revisions(String(post.id));
  // The read table cannot tell this path from the post's own (`/api/admin/posts/${string}`
  // matches both), so the answer's type is named here; the default fetch reads the key.
  const revisions = useQuery<PostRevisionList>({ queryKey: [path] });
  const [comparing, setComparing] = useState<PostRevision | null>(null);
  const [restoring, setRestoring] = useState<PostRevision | null>(null);
  const restore = useMutation({
    mutationFn: (revision: PostRevision) => api.admin.posts.restore(post.id, revision.id),
    onSuccess: (restored, revision) => {
      queryClient.setQueryData([apiRoutes.admin.posts.post(String(post.id))], restored);
      void queryClient.invalidateQueries({ queryKey: [path] });
      void queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.posts] });
      onRestored(restored);
      notifySuccess(
        'Revision restored',
        `The post is back as it was on ${formatDateTime(revision.createdAt)}.`,
      );
    },
    onError: (error) => notifyFailure('Restore failed', error),
  });

  const items = revisions.data?.items;
  const comparedValues = comparing ? formValuesOf({ ...post, ...comparing.snapshot }) : null;
  const otherFields = comparedValues ? changedFields(comparedValues, current) : [];

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Revisions</CardTitle>
        <CardDescription>Every save keeps the post as it was, newest first.</CardDescription>
      </CardHeader>
      <CardContent>
        {revisions.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : revisions.isError ? (
          <p className="text-sm text-destructive">{errorMessage(revisions.error)}</p>
        ) : !items?.length ? (
          <p className="text-sm text-muted-foreground">
            No revisions yet: the first save makes one.
          </p>
        ) : (
          <ul className="grid gap-2" aria-label="Revisions">
            {items.map((revision) => (
              <li
                key={revision.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm"
              >
                <span className="min-w-0">
                  <span className="block truncate font-medium">{revision.snapshot.title}</span>
                  <span className="text-muted-foreground">{revisionLabel(revision)}</span>
                </span>
                <span className="flex gap-2">
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    aria-label={`Compare the revision of ${formatDateTime(revision.createdAt)}`}
                    onClick={() => setComparing(revision)}
                  >
                    Compare
                  </Button>
                  {canRestore ? (
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      disabled={restore.isPending}
                      aria-label={`Restore the revision of ${formatDateTime(revision.createdAt)}`}
                      onClick={() => setRestoring(revision)}
                    >
                      Restore
                    </Button>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>

      <Dialog open={comparing !== null} onOpenChange={(open) => !open && setComparing(null)}>
        <DialogContent className="max-w-3xl">
          <DialogHeader>
            <DialogTitle>Compare with the editor</DialogTitle>
            <DialogDescription>
              {comparing ? revisionLabel(comparing) : ''}. Lines marked − are only in the revision,
              lines marked + only in the editor.
            </DialogDescription>
          </DialogHeader>
          {comparedValues ? (
            <>
              <p className="text-sm">
                {otherFields.length > 0
                  ? `Other fields that differ: ${otherFields.join(', ')}.`
                  : 'The other fields are the same.'}
              </p>
              <RevisionDiff
                before={comparedValues.content}
                after={current.content}
                beforeLabel="the revision"
                afterLabel="the editor"
              />
            </>
          ) : null}
        </DialogContent>
      </Dialog>

      <ConfirmDialog
        open={restoring !== null}
        title="Restore this revision?"
        description={`The post goes back to how it was before the save of ${restoring ? formatDateTime(restoring.createdAt) : ''}; the current state is kept as a revision.${dirty ? ' Your unsaved changes in the editor are lost.' : ''}`}
        confirmLabel="Restore"
        onClose={() => setRestoring(null)}
        onConfirm={() => restoring && restore.mutate(restoring)}
      />
    </Card>
  );
}
